// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createDedupe,
  nativeFormats,
  pickCameraEngine,
  startCameraScan,
  type BarcodeDetectorConstructor,
  type CameraEnvironment,
} from './camera';

function fakeCamera({ torch = false, withCapabilities = true } = {}) {
  const track = {
    kind: 'video',
    stop: vi.fn(),
    applyConstraints: vi.fn(async () => undefined),
    ...(withCapabilities ? { getCapabilities: () => (torch ? { torch: true } : { zoom: { min: 1, max: 4 } }) } : {}),
  };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = vi.fn(async () => stream);
  return { track, stream, getUserMedia };
}

/** A BarcodeDetector whose n-th `detect` call sees `frames[n]` (the last frame repeats). */
function fakeDetector(supported: string[], frames: string[][] = [[]]): BarcodeDetectorConstructor {
  let frame = 0;
  return class {
    static getSupportedFormats = async () => supported;
    async detect() {
      const codes = frames[Math.min(frame++, frames.length - 1)];
      return codes.map((rawValue) => ({ rawValue, format: 'code_128' }));
    }
  };
}

function playableVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  Object.defineProperty(video, 'readyState', { value: 4 });
  video.play = vi.fn(async () => undefined);
  return video;
}

describe('createDedupe', () => {
  it('counts a code held in view once, however many frames show it', () => {
    const isNew = createDedupe(1500);
    const reads = [0, 100, 200, 1400, 2800].map((t) => isNew('WSIN1', t));
    expect(reads).toEqual([true, false, false, false, false]);
  });

  it('counts the code again once it has been out of view for the window', () => {
    const isNew = createDedupe(1500);
    expect(isNew('WSIN1', 0)).toBe(true);
    expect(isNew('WSIN1', 1600)).toBe(true);
  });

  it('counts a code again after a different one was read', () => {
    const isNew = createDedupe(1500);
    expect([isNew('A', 0), isNew('B', 100), isNew('A', 200)]).toEqual([true, true, true]);
  });
});

describe('engine choice', () => {
  it('uses BarcodeDetector only when it reads Code 128 and QR', async () => {
    expect(await nativeFormats(fakeDetector(['qr_code', 'code_128', 'ean_13', 'upc_a']))).toEqual([
      'code_128',
      'qr_code',
      'ean_13',
    ]);
    expect(await nativeFormats(fakeDetector(['qr_code']))).toBeNull();
    expect(await nativeFormats(null)).toBeNull();
  });

  it('falls back to ZXing without a usable BarcodeDetector', async () => {
    expect((await pickCameraEngine({ barcodeDetector: fakeDetector(['code_128', 'qr_code']) })).engine).toBe('native');
    expect((await pickCameraEngine({ barcodeDetector: fakeDetector(['ean_13']) })).engine).toBe('zxing');
    expect((await pickCameraEngine({ barcodeDetector: null })).engine).toBe('zxing');
    // jsdom has no BarcodeDetector at all
    expect((await pickCameraEngine()).engine).toBe('zxing');
  });
});

describe('startCameraScan', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports each new code from the native detector once while it stays in view', async () => {
    const camera = fakeCamera();
    const codes: string[] = [];
    const session = await startCameraScan({
      video: playableVideo(),
      onCode: (code) => codes.push(code),
      now: () => Date.now(),
      environment: {
        getUserMedia: camera.getUserMedia,
        barcodeDetector: fakeDetector(['code_128', 'qr_code'], [['A'], ['A'], ['A'], ['B'], ['A'], []]),
      },
    });

    await vi.advanceTimersByTimeAsync(1000);
    session.stop();

    expect(session.engine).toBe('native');
    expect(codes).toEqual(['A', 'B', 'A']);
  });

  it('asks for the rear camera and no microphone', async () => {
    const camera = fakeCamera();
    const session = await startCameraScan({
      video: playableVideo(),
      onCode: () => undefined,
      environment: { getUserMedia: camera.getUserMedia, barcodeDetector: fakeDetector(['code_128', 'qr_code']) },
    });
    session.stop();

    expect(camera.getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
  });

  it('releases the camera on stop and reports nothing afterwards', async () => {
    const camera = fakeCamera();
    const video = playableVideo();
    const codes: string[] = [];
    const session = await startCameraScan({
      video,
      onCode: (code) => codes.push(code),
      environment: { getUserMedia: camera.getUserMedia, barcodeDetector: fakeDetector(['code_128', 'qr_code'], [[], [], ['LATE']]) },
    });
    expect(video.srcObject).toBe(camera.stream);

    session.stop();
    session.stop();
    await vi.advanceTimersByTimeAsync(1000);

    expect(camera.track.stop).toHaveBeenCalledTimes(1);
    expect(video.srcObject).toBeNull();
    expect(codes).toEqual([]);
  });

  it('switches the torch only where the camera reports one', async () => {
    for (const [options, expected] of [
      [{ torch: true }, true],
      [{ torch: false }, false],
      [{ withCapabilities: false }, false],
    ] as const) {
      const camera = fakeCamera(options);
      const session = await startCameraScan({
        video: playableVideo(),
        onCode: () => undefined,
        environment: { getUserMedia: camera.getUserMedia, barcodeDetector: fakeDetector(['code_128', 'qr_code']) },
      });

      expect(session.torchSupported).toBe(expected);
      expect(await session.setTorch(true)).toBe(expected);
      expect(session.torchOn).toBe(expected);
      if (expected) {
        expect(camera.track.applyConstraints).toHaveBeenCalledWith({ advanced: [{ torch: true }] });
        expect(await session.setTorch(false)).toBe(false);
        expect(camera.track.applyConstraints).toHaveBeenLastCalledWith({ advanced: [{ torch: false }] });
      } else {
        expect(camera.track.applyConstraints).not.toHaveBeenCalled();
      }
      session.stop();
    }
  });

  it('releases the camera when the preview cannot start', async () => {
    const camera = fakeCamera();
    const video = playableVideo();
    video.play = vi.fn(async () => {
      throw new DOMException('autoplay blocked', 'NotAllowedError');
    });

    await expect(
      startCameraScan({
        video,
        onCode: () => undefined,
        environment: { getUserMedia: camera.getUserMedia, barcodeDetector: fakeDetector(['code_128', 'qr_code']) },
      }),
    ).rejects.toThrow('autoplay blocked');
    expect(camera.track.stop).toHaveBeenCalled();
  });

  it('releases the camera when aborted while starting, and stops on a later abort', async () => {
    const environment = (camera: ReturnType<typeof fakeCamera>): CameraEnvironment => ({
      getUserMedia: camera.getUserMedia,
      barcodeDetector: fakeDetector(['code_128', 'qr_code']),
    });

    const early = fakeCamera();
    const abortEarly = new AbortController();
    const starting = startCameraScan({ video: playableVideo(), onCode: () => undefined, signal: abortEarly.signal, environment: environment(early) });
    abortEarly.abort();
    await expect(starting).rejects.toMatchObject({ name: 'AbortError' });
    expect(early.getUserMedia).not.toHaveBeenCalled(); // never opened at all

    const prompting = fakeCamera();
    const abortDuringPrompt = new AbortController();
    let grant: () => void = () => undefined;
    const askForPermission = vi.fn(
      () => new Promise<MediaStream>((resolve) => (grant = () => resolve(prompting.stream))),
    );
    const granted = startCameraScan({
      video: playableVideo(),
      onCode: () => undefined,
      signal: abortDuringPrompt.signal,
      environment: { ...environment(prompting), getUserMedia: askForPermission },
    });
    await vi.waitFor(() => expect(askForPermission).toHaveBeenCalled());
    abortDuringPrompt.abort(); // the user closed the scanner while the prompt was up
    grant();
    await expect(granted).rejects.toMatchObject({ name: 'AbortError' });
    expect(prompting.track.stop).toHaveBeenCalled();

    const late = fakeCamera();
    const abortLate = new AbortController();
    await startCameraScan({ video: playableVideo(), onCode: () => undefined, signal: abortLate.signal, environment: environment(late) });
    expect(late.track.stop).not.toHaveBeenCalled();
    abortLate.abort();
    expect(late.track.stop).toHaveBeenCalled();
  });

  it('de-duplicates ZXing reads the same way and stops its loop', async () => {
    const camera = fakeCamera();
    const stopDecoder = vi.fn();
    let read: (code: string) => void = () => undefined;
    const codes: string[] = [];
    const session = await startCameraScan({
      video: playableVideo(),
      onCode: (code) => codes.push(code),
      now: () => Date.now(),
      environment: {
        getUserMedia: camera.getUserMedia,
        barcodeDetector: null,
        startZxing: async (_stream, _video, onRead) => {
          read = onRead;
          return { stop: stopDecoder };
        },
      },
    });

    read('QR1');
    vi.advanceTimersByTime(200);
    read('QR1');
    vi.advanceTimersByTime(2000);
    read('QR1');
    session.stop();
    read('QR2');

    expect(session.engine).toBe('zxing');
    expect(codes).toEqual(['QR1', 'QR1']);
    expect(stopDecoder).toHaveBeenCalled();
    expect(camera.track.stop).toHaveBeenCalled();
  });
});
