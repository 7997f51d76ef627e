/**
 * The scanner profile of this device: how its hardware scanner ends a scan
 * (Enter or Tab), what it puts before and after each code (a prefix and a
 * suffix to strip), and the longest gap between two of its keys. Kept on the
 * device (localStorage), set in the floor's settings, for scanners outside the
 * default (Enter, nothing added, keys at most 35 ms apart).
 *
 * In a scan field the gap plays no part: what arrives before the terminator
 * is one scan whatever the timing. The gap only tells a scan from typing
 * when a scan arrives while focus is elsewhere.
 */
import { z } from 'zod';

export const SCAN_TERMINATORS = ['Enter', 'Tab'] as const;
export type ScanTerminator = (typeof SCAN_TERMINATORS)[number];

export const scannerProfileSchema = z.object({
  terminator: z.enum(SCAN_TERMINATORS),
  prefix: z.string().max(8, 'At most 8 characters'),
  suffix: z.string().max(8, 'At most 8 characters'),
  maxGapMs: z.number().int('Whole milliseconds').min(10, 'At least 10 ms').max(300, 'At most 300 ms'),
});
export type ScannerProfile = z.infer<typeof scannerProfileSchema>;

export const DEFAULT_SCANNER_PROFILE: ScannerProfile = { terminator: 'Enter', prefix: '', suffix: '', maxGapMs: 35 };

const STORAGE_KEY = 'shipdesk.scanner-profile';

/** The code a scan stands for: the profile's prefix and suffix stripped, surrounding whitespace trimmed. */
export function cleanScan(raw: string, profile: Pick<ScannerProfile, 'prefix' | 'suffix'>): string {
  let code = raw.trim();
  if (profile.prefix && code.startsWith(profile.prefix)) code = code.slice(profile.prefix.length);
  if (profile.suffix && code.endsWith(profile.suffix)) code = code.slice(0, code.length - profile.suffix.length);
  return code.trim();
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

const listeners = new Set<(profile: ScannerProfile) => void>();
let cached: ScannerProfile | null = null;

/** This device's profile; the default when none is kept or what is kept no longer reads. */
export function loadScannerProfile(): ScannerProfile {
  if (cached) return cached;
  let profile = DEFAULT_SCANNER_PROFILE;
  try {
    const raw = storage()?.getItem(STORAGE_KEY);
    if (raw) {
      const parsed = scannerProfileSchema.safeParse(JSON.parse(raw));
      if (parsed.success) profile = parsed.data;
    }
  } catch {
    // Unreadable: the default.
  }
  cached = profile;
  return profile;
}

/** Keeps the profile on this device and tells every open scan field and the document listener. */
export function saveScannerProfile(profile: ScannerProfile): void {
  const checked = scannerProfileSchema.parse(profile);
  storage()?.setItem(STORAGE_KEY, JSON.stringify(checked));
  cached = checked;
  for (const listener of [...listeners]) listener(checked);
}

export function onScannerProfileChange(listener: (profile: ScannerProfile) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For tests: forget the cached profile so the next load reads storage again. */
export function resetScannerProfileCache(): void {
  cached = null;
}
