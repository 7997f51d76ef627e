/**
 * Scanning with the device camera, for phones and tablets without a
 * hardware scanner.
 *
 * Decoding uses the browser's own `BarcodeDetector` where it reads Code 128
 * and QR (Chrome on Android), which is fast and costs no download; elsewhere
 * ZXing, imported only at that moment so it stays out of the main bundle.
 *
 * The camera is ours only between `startCameraScan` and `session.stop()`:
 * stopping ends every track of the stream, which turns the camera (and its
 * light) off and lets other apps use it.
 */
// Type-only: erased at build time, so ZXing is still loaded on demand.
import type { DecodeHintType as DecodeHintTypeValue } from '@zxing/library';

/** Barcode formats read by the camera, in `BarcodeDetector` naming. */
export type CameraFormat = 'code_128' | 'qr_code' | 'ean_13' | 'code_39';

export const CAMERA_FORMATS: readonly CameraFormat[] = ['code_128', 'qr_code', 'ean_13', 'code_39'];

/** The native detector is used only if it reads at least these. */
const REQUIRED_NATIVE_FORMATS: readonly CameraFormat[] = ['code_128', 'qr_code'];

export type CameraEngine = 'native' | 'zxing';

export const DEFAULT_DEDUPE_MS = 1500;
const DEFAULT_INTERVAL_MS = 100;
const HAVE_CURRENT_DATA = 2;

// ---------------------------------------------------------------------------
// De-duplication
// ---------------------------------------------------------------------------

/**
 * Returns a filter that answers whether a code read at `nowMs` is new.
 *
 * A code held in front of the camera is read in frame after frame; it counts
 * once. It counts again only after it has not been seen for `windowMs` (or a
 * different code was read in between), so holding an item still never scans
 * it twice, and a second identical item needs the first out of view briefly.
 */
export function createDedupe(windowMs: number = DEFAULT_DEDUPE_MS): (code: string, nowMs: number) => boolean {
  let lastCode: string | null = null;
  let lastSeenMs = Number.NEGATIVE_INFINITY;
  return (code, nowMs) => {
    const repeat = code === lastCode && nowMs - lastSeenMs <= windowMs;
    lastCode = code;
    lastSeenMs = nowMs;
    return !repeat;
  };
}

// ---------------------------------------------------------------------------
// Engines
// ---------------------------------------------------------------------------

interface DetectedBarcode {
  rawValue: string;
  format: string;
}

interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}

/** The Shape Detection API's `BarcodeDetector`, not yet in TypeScript's DOM types. */
export interface BarcodeDetectorConstructor {
  new (options?: { formats: string[] }): BarcodeDetectorInstance;
  getSupportedFormats(): Promise<string[]>;
}

/** A running decode loop feeding a video element from the stream. */
interface FrameDecoder {
  stop(): void;
}

type StartDecoder = (
  stream: MediaStream,
  video: HTMLVideoElement,
  onRead: (code: string) => void,
  intervalMs: number,
) => Promise<FrameDecoder>;

/** Where the camera module finds the browser; tests pass fakes. */
export interface CameraEnvironment {
  getUserMedia?: (constraints: MediaStreamConstraints) => Promise<MediaStream>;
  /** `null` means "no native detector". Defaults to `window.BarcodeDetector`. */
  barcodeDetector?: BarcodeDetectorConstructor | null;
  /** Replaces the ZXing decoder. */
  startZxing?: StartDecoder;
}

function globalBarcodeDetector(): BarcodeDetectorConstructor | null {
  if (typeof window === 'undefined' || !('BarcodeDetector' in window)) return null;
  return (window as unknown as { BarcodeDetector: BarcodeDetectorConstructor }).BarcodeDetector;
}

/** The formats the native detector will read, or null when it should not be used. */
export async function nativeFormats(detector: BarcodeDetectorConstructor | null): Promise<CameraFormat[] | null> {
  if (!detector) return null;
  try {
    const supported = await detector.getSupportedFormats();
    if (!REQUIRED_NATIVE_FORMATS.every((format) => supported.includes(format))) return null;
    return CAMERA_FORMATS.filter((format) => supported.includes(format));
  } catch {
    return null;
  }
}

async function attachStream(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
  video.muted = true;
  video.playsInline = true;
  video.setAttribute('playsinline', '');
  video.srcObject = stream;
  await video.play();
}

function nativeDecoder(detector: BarcodeDetectorConstructor, formats: CameraFormat[]): StartDecoder {
  return async (stream, video, onRead, intervalMs) => {
    const instance = new detector({ formats: [...formats] });
    await attachStream(video, stream);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (stopped) return;
      if (video.readyState >= HAVE_CURRENT_DATA) {
        try {
          const found = await instance.detect(video);
          if (!stopped) for (const barcode of found) if (barcode.rawValue) onRead(barcode.rawValue);
        } catch {
          // A frame that cannot be read (e.g. while the video resizes) is skipped.
        }
      }
      if (!stopped) timer = setTimeout(tick, intervalMs);
    };
    void tick();
    return {
      stop() {
        stopped = true;
        clearTimeout(timer);
      },
    };
  };
}

const zxingDecoder: StartDecoder = async (stream, video, onRead, intervalMs) => {
  const [{ BrowserMultiFormatReader }, { BarcodeFormat, DecodeHintType }] = await Promise.all([
    import('@zxing/browser'),
    import('@zxing/library'),
  ]);
  const hints = new Map<DecodeHintTypeValue, unknown>([
    [
      DecodeHintType.POSSIBLE_FORMATS,
      [BarcodeFormat.CODE_128, BarcodeFormat.QR_CODE, BarcodeFormat.EAN_13, BarcodeFormat.CODE_39],
    ],
  ]);
  const reader = new BrowserMultiFormatReader(hints, {
    delayBetweenScanAttempts: intervalMs,
    // Repeats are filtered by `createDedupe`, so no extra pause after a read.
    delayBetweenScanSuccess: intervalMs,
  });
  // The callback's error is "nothing found in this frame" most of the time.
  const controls = await reader.decodeFromStream(stream, video, (result) => {
    if (result) onRead(result.getText());
  });
  return { stop: () => controls.stop() };
};

/** Which engine `startCameraScan` would use here. */
export async function pickCameraEngine(
  environment: CameraEnvironment = {},
): Promise<{ engine: CameraEngine; start: StartDecoder }> {
  const detector = environment.barcodeDetector === undefined ? globalBarcodeDetector() : environment.barcodeDetector;
  const formats = await nativeFormats(detector);
  if (detector && formats) return { engine: 'native', start: nativeDecoder(detector, formats) };
  return { engine: 'zxing', start: environment.startZxing ?? zxingDecoder };
}

/** Whether this browser can open a camera at all. */
export function isCameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

// ---------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------

export interface CameraScanOptions {
  /** Shows the preview; the stream is attached to it. */
  video: HTMLVideoElement;
  /** Each newly read code (repeats within `dedupeMs` are filtered out). */
  onCode: (code: string) => void;
  dedupeMs?: number;
  /** Time between decode attempts, in ms. */
  intervalMs?: number;
  /** Defaults to the rear camera where there is one. */
  videoConstraints?: MediaTrackConstraints;
  /** Aborting stops the session, or abandons a start still under way. */
  signal?: AbortSignal;
  environment?: CameraEnvironment;
  /** Clock for de-duplication, in ms. */
  now?: () => number;
}

export interface CameraSession {
  readonly engine: CameraEngine;
  /** True only where the camera reports a torch it can switch. */
  readonly torchSupported: boolean;
  readonly torchOn: boolean;
  /** Switches the torch; resolves to the new state (unchanged if unsupported). */
  setTorch(on: boolean): Promise<boolean>;
  /** Stops decoding and every track of the stream. Safe to call twice. */
  stop(): void;
}

type TorchCapabilities = MediaTrackCapabilities & { torch?: boolean };
type TorchConstraintSet = MediaTrackConstraintSet & { torch?: boolean };

function reportsTorch(track: MediaStreamTrack | undefined): boolean {
  if (!track || typeof track.getCapabilities !== 'function') return false;
  try {
    return (track.getCapabilities() as TorchCapabilities).torch === true;
  } catch {
    return false;
  }
}

function abortError(): DOMException {
  return new DOMException('Camera scan was stopped before it started', 'AbortError');
}

/**
 * Opens the camera, shows it in `options.video` and reports codes read from
 * it until the returned session is stopped (or `signal` aborts).
 */
export async function startCameraScan(options: CameraScanOptions): Promise<CameraSession> {
  const { video, signal, environment = {} } = options;
  if (signal?.aborted) throw abortError();

  const getUserMedia =
    environment.getUserMedia ??
    ((constraints: MediaStreamConstraints) => navigator.mediaDevices.getUserMedia(constraints));
  const { engine, start } = await pickCameraEngine(environment);
  if (signal?.aborted) throw abortError();

  const stream = await getUserMedia({
    video: options.videoConstraints ?? { facingMode: { ideal: 'environment' } },
    audio: false,
  });
  const releaseCamera = () => {
    for (const track of stream.getTracks()) track.stop();
    if (video.srcObject === stream) video.srcObject = null;
  };

  const isNew = createDedupe(options.dedupeMs ?? DEFAULT_DEDUPE_MS);
  const now = options.now ?? (() => performance.now());
  let stopped = false;
  const onRead = (code: string) => {
    if (!stopped && isNew(code, now())) options.onCode(code);
  };

  let decoder: FrameDecoder | undefined;
  try {
    if (signal?.aborted) throw abortError();
    decoder = await start(stream, video, onRead, options.intervalMs ?? DEFAULT_INTERVAL_MS);
    if (signal?.aborted) throw abortError();
  } catch (error) {
    decoder?.stop();
    releaseCamera();
    throw error;
  }

  const track = stream.getVideoTracks()[0];
  const torchSupported = reportsTorch(track);
  let torchOn = false;

  const stop = () => {
    if (stopped) return;
    stopped = true;
    signal?.removeEventListener('abort', stop);
    decoder?.stop();
    releaseCamera();
  };
  signal?.addEventListener('abort', stop, { once: true });

  return {
    engine,
    torchSupported,
    get torchOn() {
      return torchOn;
    },
    async setTorch(on) {
      if (!torchSupported || stopped || !track) return torchOn;
      const advanced: TorchConstraintSet[] = [{ torch: on }];
      await track.applyConstraints({ advanced });
      torchOn = on;
      return torchOn;
    },
    stop,
  };
}
