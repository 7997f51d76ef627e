// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserShims } from '../test/renderInApp';
import { resetScannerProfileCache, saveScannerProfile, DEFAULT_SCANNER_PROFILE } from '../scanner/profile';
import { pressKey, typeKeys } from '../scanner/test-keyboard';
import { createWedge } from '../scanner/wedge';
import { ScanBox } from './ScanBox';
import { theme } from './theme';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('ScanBox: what arrives before the terminator is one scan', () => {
  beforeAll(() => installBrowserShims());
  beforeEach(() => {
    vi.useFakeTimers({ now: 7_000_000 });
    localStorage.clear();
    resetScannerProfileCache();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function mount() {
    const scans: string[] = [];
    // A document listener as on the floor's screens: it must leave the field's keys alone.
    const wedge = createWedge({ timestamp: () => Date.now() });
    const wedgeScans: string[] = [];
    const off = wedge.subscribe((code) => void wedgeScans.push(code));
    render(
      <MantineProvider theme={theme}>
        <ScanBox label="WSIN" placeholder="Scan" onSubmit={(code) => scans.push(code)} testId="field" />
      </MantineProvider>,
    );
    const field = screen.getByTestId('field') as HTMLInputElement;
    act(() => field.focus());
    return { scans, wedgeScans, field, off };
  }

  for (const gap of [5, 25, 45, 300]) {
    it(`keys ${gap} ms apart, scans back to back: each whole, the field empty after each`, () => {
      const { scans, wedgeScans, field, off } = mount();
      act(() => {
        typeKeys([...'CP15085874273', 'Enter', ...'WCP000001', 'Enter'], gap);
      });
      expect(scans).toEqual(['CP15085874273', 'WCP000001']);
      expect(wedgeScans).toEqual([]);
      expect(field.value).toBe('');
      off();
    });
  }

  it('a 60 ms stall inside a code does not cut it', () => {
    const { scans, field, off } = mount();
    act(() => {
      typeKeys([...'CP15'], 5);
      vi.advanceTimersByTime(60);
      typeKeys([...'085874273', 'Enter'], 5);
    });
    expect(scans).toEqual(['CP15085874273']);
    expect(field.value).toBe('');
    off();
  });

  it("takes the profile's terminator, prefix and suffix", () => {
    saveScannerProfile({ ...DEFAULT_SCANNER_PROFILE, terminator: 'Tab', prefix: ']C1', suffix: '#' });
    const { scans, field, off } = mount();
    act(() => {
      typeKeys([...']C1WCP000001#', 'Tab'], 10);
    });
    expect(scans).toEqual(['WCP000001']);
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    off();
  });

  it('an Enter on an empty field is no scan', () => {
    const { scans, off } = mount();
    act(() => {
      pressKey('Enter');
    });
    expect(scans).toEqual([]);
    off();
  });
});
