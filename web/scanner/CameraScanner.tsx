import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBolt, IconBoltOff, IconCamera, IconRefresh, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { startCameraScan, type CameraEnvironment, type CameraSession } from './camera';

export interface CameraScannerProps {
  /** A code newly read by the camera; usually `submit(code, 'camera')` from `useScanner`. */
  onCode: (code: string) => void;
  /** Text of the button that opens the camera. */
  openLabel?: string;
  /** Open the camera on mount instead of waiting for the button. */
  defaultOpen?: boolean;
  /** How long the same code is ignored while it stays in view, in ms. */
  dedupeMs?: number;
  /** Browser access for tests. */
  environment?: CameraEnvironment;
}

/** What the packer should be told when the camera does not open. */
export function describeCameraError(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Camera access is blocked. Allow the camera for this site in the browser settings, or use the scanner.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera was found on this device.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera is busy in another app. Close that app and try again.';
    default:
      return 'The camera could not be started. Try again, or use the scanner.';
  }
}

/**
 * Opens the camera with a live preview and reports barcodes it reads. The
 * camera is released on Close, when the page is hidden, and on unmount.
 * Load it lazily (`LazyCameraScanner`) so camera code is not in the main bundle.
 */
export function CameraScanner({
  onCode,
  openLabel = 'Scan with camera',
  defaultOpen = false,
  dedupeMs,
  environment,
}: CameraScannerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  const [open, setOpen] = useState(defaultOpen);
  const [attempt, setAttempt] = useState(0);
  const [session, setSession] = useState<CameraSession | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [torchOn, setTorchOn] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!open || !video) return;
    const controller = new AbortController();
    startCameraScan({
      video,
      onCode: (code) => onCodeRef.current(code),
      dedupeMs,
      environment,
      signal: controller.signal,
    }).then(
      (started) => {
        if (!controller.signal.aborted) setSession(started);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      },
    );
    // Aborting stops a running session or abandons one still starting.
    return () => {
      controller.abort();
      setSession(null);
      setError(null);
      setTorchOn(false);
    };
  }, [open, attempt, dedupeMs, environment]);

  useEffect(() => {
    if (!open) return;
    const closeWhenHidden = () => {
      if (document.visibilityState === 'hidden') setOpen(false);
    };
    document.addEventListener('visibilitychange', closeWhenHidden);
    return () => document.removeEventListener('visibilitychange', closeWhenHidden);
  }, [open]);

  if (!open) {
    return (
      <Button size="xl" fullWidth leftSection={<IconCamera aria-hidden />} onClick={() => setOpen(true)}>
        {openLabel}
      </Button>
    );
  }

  const toggleTorch = () => {
    if (!session) return;
    session.setTorch(!torchOn).then(setTorchOn, () => undefined);
  };

  return (
    <Stack gap="sm">
      <Box pos="relative" hidden={error !== null}>
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera preview"
          style={{ display: 'block', width: '100%', maxHeight: '60vh', objectFit: 'cover', borderRadius: 8, background: '#000' }}
        />
        {!session && error === null && (
          <Group role="status" gap="xs" justify="center" pos="absolute" inset={0} c="white">
            <Loader color="white" size="sm" aria-hidden />
            <Text size="lg">Starting camera…</Text>
          </Group>
        )}
      </Box>

      {error !== null && (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Camera unavailable">
          <Text size="lg">{describeCameraError(error)}</Text>
        </Alert>
      )}

      <Group grow gap="sm">
        {error !== null && (
          <Button size="lg" variant="default" leftSection={<IconRefresh aria-hidden />} onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        )}
        {session?.torchSupported && (
          <Button
            size="lg"
            variant={torchOn ? 'filled' : 'default'}
            aria-pressed={torchOn}
            leftSection={torchOn ? <IconBolt aria-hidden /> : <IconBoltOff aria-hidden />}
            onClick={toggleTorch}
          >
            Torch
          </Button>
        )}
        <Button size="lg" variant="default" leftSection={<IconX aria-hidden />} aria-label="Close camera" onClick={() => setOpen(false)}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

export default CameraScanner;
