// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { cleanScan, DEFAULT_SCANNER_PROFILE, loadScannerProfile, onScannerProfileChange, resetScannerProfileCache, saveScannerProfile } from './profile';

describe('scanner profile', () => {
  beforeEach(() => {
    localStorage.clear();
    resetScannerProfileCache();
  });

  it('strips the prefix and suffix the scanner adds, and only those', () => {
    expect(cleanScan(' ]C1WCP000001# ', { prefix: ']C1', suffix: '#' })).toBe('WCP000001');
    expect(cleanScan('WCP000001', { prefix: ']C1', suffix: '#' })).toBe('WCP000001');
    expect(cleanScan('WCP000001', { prefix: '', suffix: '' })).toBe('WCP000001');
  });

  it('is the default until one is saved, then the saved one, also after a reload', () => {
    expect(loadScannerProfile()).toEqual(DEFAULT_SCANNER_PROFILE);
    const seen: string[] = [];
    const off = onScannerProfileChange((p) => seen.push(p.terminator));
    saveScannerProfile({ terminator: 'Tab', prefix: 'X', suffix: '', maxGapMs: 80 });
    off();
    expect(seen).toEqual(['Tab']);
    resetScannerProfileCache();
    expect(loadScannerProfile()).toEqual({ terminator: 'Tab', prefix: 'X', suffix: '', maxGapMs: 80 });
  });

  it('refuses a profile out of bounds and falls back to the default when what is kept does not read', () => {
    expect(() => saveScannerProfile({ ...DEFAULT_SCANNER_PROFILE, maxGapMs: 5000 })).toThrow();
    localStorage.setItem('shipdesk.scanner-profile', '{"terminator":"Space"}');
    resetScannerProfileCache();
    expect(loadScannerProfile()).toEqual(DEFAULT_SCANNER_PROFILE);
  });
});
