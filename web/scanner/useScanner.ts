import { useEffect, useRef, useState } from 'react';
import { cleanScan, loadScannerProfile } from './profile';
import { createSerialQueue } from './queue';
import { getSharedWedge, type Wedge } from './wedge';

/** Where a code came from: the hardware scanner, the keyboard, or the camera. */
export type ScanSource = 'wedge' | 'manual' | 'camera';

export interface Scan {
  code: string;
  source: ScanSource;
}

export type ScanHandler = (scan: Scan) => void | Promise<void>;

export interface UseScannerOptions {
  /**
   * Validates and applies one scan. Scans are handed over one at a time in the
   * order they were made; the next waits until this one's promise settles.
   * The latest handler passed is the one called.
   */
  onScan: ScanHandler;
  /** Listen to the keyboard-wedge scanner. Default true; `submit` works either way. */
  enabled?: boolean;
  /** Defaults to the app-wide wedge. */
  wedge?: Wedge;
  /** Told when `onScan` throws or rejects; later scans are still handled. */
  onError?: (error: unknown, scan: Scan) => void;
}

export interface UseScannerResult {
  /**
   * Puts a code typed by hand (or read by the camera) into the same queue as
   * wedge scans. Surrounding whitespace is trimmed; an empty code is ignored.
   */
  submit: (code: string, source?: ScanSource) => void;
  /** Scans waiting or being handled, e.g. to show "checking…". */
  pending: number;
}

/**
 * One ordered stream of scans for a screen: hardware-scanner bursts, codes
 * typed into the screen's own field, and camera reads, handled by one async
 * handler strictly in arrival order and never dropped.
 *
 * Scans still queued when the screen unmounts are still handled: each stands
 * for an item the packer physically scanned.
 */
export function useScanner({ onScan, enabled = true, wedge, onError }: UseScannerOptions): UseScannerResult {
  const handlers = useRef({ onScan, onError });
  useEffect(() => {
    handlers.current = { onScan, onError };
  });

  // `pending` re-renders the screen only once someone has read it: a screen that never shows it
  // (the packing screen) must not re-render twice per scan, on the way to the verdict's frame.
  const size = useRef(0);
  const watched = useRef(false);
  const [, rerender] = useState(0);
  const [queue] = useState(() =>
    createSerialQueue<Scan>((scan) => handlers.current.onScan(scan), {
      onError: (error, scan) => {
        if (handlers.current.onError) handlers.current.onError(error, scan);
        else console.error('scan handler failed', error);
      },
      onSizeChange: (n) => {
        size.current = n;
        if (watched.current) rerender((x) => x + 1);
      },
    }),
  );

  const [submit] = useState(() => (code: string, source: ScanSource = 'manual') => {
    const trimmed = code.trim();
    if (trimmed) queue.push({ code: trimmed, source });
  });

  useEffect(() => {
    if (!enabled) return;
    return (wedge ?? getSharedWedge()).subscribe((code) => submit(cleanScan(code, loadScannerProfile()), 'wedge'));
  }, [enabled, wedge, submit]);

  return {
    submit,
    get pending() {
      watched.current = true;
      return size.current;
    },
  };
}
