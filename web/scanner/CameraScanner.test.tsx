// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CameraEnvironment } from './camera';
import { CameraScanner } from './CameraScanner';
import { LazyCameraScanner } from './LazyCameraScanner';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeAll(() => {
  // jsdom has neither media queries (Mantine asks for the colour scheme) nor video playback.
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  HTMLMediaElement.prototype.play = () => Promise.resolve();
});

afterEach(cleanup);

function renderInApp(ui: ReactNode) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}

/** A camera whose decoder is driven by the test through `read`. */
function fakeCamera({ torch = true } = {}) {
  const track = {
    stop: vi.fn(),
    applyConstraints: vi.fn(async () => undefined),
    getCapabilities: () => (torch ? { torch: true } : {}),
  };
  const stream = { getTracks: () => [track], getVideoTracks: () => [track] } as unknown as MediaStream;
  let read: (code: string) => void = () => undefined;
  const environment: CameraEnvironment = {
    getUserMedia: vi.fn(async () => stream),
    barcodeDetector: null,
    startZxing: async (_stream, video, onRead) => {
      video.srcObject = _stream;
      read = onRead;
      return { stop: () => undefined };
    },
  };
  return { track, environment, read: (code: string) => read(code) };
}

describe('CameraScanner', () => {
  it('opens a labelled preview, reports a code once, switches the torch and releases the camera on Close', async () => {
    const camera = fakeCamera();
    const onCode = vi.fn();
    renderInApp(<CameraScanner onCode={onCode} environment={camera.environment} />);

    fireEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect(screen.getByLabelText('Camera preview')).toBeTruthy();
    const torch = await screen.findByRole('button', { name: 'Torch' });
    expect(torch.getAttribute('aria-pressed')).toBe('false');

    act(() => {
      camera.read('WSIN-9');
      camera.read('WSIN-9');
    });
    expect(onCode.mock.calls).toEqual([['WSIN-9']]);

    await act(async () => {
      fireEvent.click(torch);
    });
    expect(torch.getAttribute('aria-pressed')).toBe('true');
    expect(camera.track.applyConstraints).toHaveBeenCalledWith({ advanced: [{ torch: true }] });

    fireEvent.click(screen.getByRole('button', { name: 'Close camera' }));
    expect(camera.track.stop).toHaveBeenCalled();
    expect(screen.queryByLabelText('Camera preview')).toBeNull();
    expect(screen.getByRole('button', { name: 'Scan with camera' })).toBeTruthy();
  });

  it('shows no torch button where the camera has no torch', async () => {
    const camera = fakeCamera({ torch: false });
    renderInApp(<CameraScanner onCode={() => undefined} environment={camera.environment} defaultOpen />);

    await screen.findByRole('button', { name: 'Close camera' });
    await vi.waitFor(() => expect(screen.queryByRole('status')).toBeNull()); // started
    expect(screen.queryByRole('button', { name: 'Torch' })).toBeNull();
  });

  it('explains a refused permission and can try again', async () => {
    const camera = fakeCamera();
    const getUserMedia = vi
      .fn()
      .mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'))
      .mockImplementation(camera.environment.getUserMedia!);
    const environment = { ...camera.environment, getUserMedia };
    renderInApp(<CameraScanner onCode={() => undefined} environment={environment} defaultOpen />);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Camera access is blocked');

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('button', { name: 'Torch' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getUserMedia).toHaveBeenCalledTimes(2);
  });

  it('releases the camera on unmount, even when it was still starting', async () => {
    const running = fakeCamera();
    const first = renderInApp(<CameraScanner onCode={() => undefined} environment={running.environment} defaultOpen />);
    await screen.findByRole('button', { name: 'Torch' });
    first.unmount();
    expect(running.track.stop).toHaveBeenCalled();

    const slow = fakeCamera();
    let grant: () => void = () => undefined;
    const original = slow.environment.getUserMedia!;
    const askForPermission = vi.fn(
      (constraints: MediaStreamConstraints) =>
        new Promise<MediaStream>((resolve) => (grant = () => resolve(original(constraints)))),
    );
    const environment: CameraEnvironment = { ...slow.environment, getUserMedia: askForPermission };
    const second = renderInApp(<CameraScanner onCode={() => undefined} environment={environment} defaultOpen />);
    expect(screen.getByRole('status').textContent).toContain('Starting camera');
    await vi.waitFor(() => expect(askForPermission).toHaveBeenCalled()); // permission prompt is up
    second.unmount();
    await act(async () => grant());
    await vi.waitFor(() => expect(slow.track.stop).toHaveBeenCalled());
  });

  it('releases the camera when the page is hidden', async () => {
    const camera = fakeCamera();
    renderInApp(<CameraScanner onCode={() => undefined} environment={camera.environment} defaultOpen />);
    await screen.findByRole('button', { name: 'Torch' });

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });

    expect(camera.track.stop).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Scan with camera' })).toBeTruthy();
  });

  it('loads lazily behind Suspense', async () => {
    renderInApp(
      <Suspense fallback={<p>Loading camera…</p>}>
        <LazyCameraScanner onCode={() => undefined} openLabel="Use camera" />
      </Suspense>,
    );
    expect(await screen.findByRole('button', { name: 'Use camera' })).toBeTruthy();
  });
});
