// @vitest-environment jsdom
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scan, typeSlowly } from './test-keyboard';
import { useScanner, type Scan, type UseScannerOptions } from './useScanner';
import { createWedge, type Wedge } from './wedge';

// React's act() warnings need this flag in a plain jsdom environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('useScanner', () => {
  let wedge: Wedge;

  beforeEach(() => {
    vi.useFakeTimers({ now: 5_000_000 });
    wedge = createWedge({ timestamp: () => Date.now() });
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  function PackingForm({ onScan }: { onScan: UseScannerOptions['onScan'] }) {
    const [remarks, setRemarks] = useState('');
    useScanner({ onScan, wedge });
    return (
      <label>
        Remarks
        <input value={remarks} onChange={(event) => setRemarks(event.target.value)} />
        <output aria-label="remarks state">{remarks}</output>
      </label>
    );
  }

  it('delivers a wedge scan while a React-controlled input has focus, without touching its value', async () => {
    const scans: Scan[] = [];
    render(<PackingForm onScan={(s) => void scans.push(s)} />);
    const input = screen.getByLabelText<HTMLInputElement>('Remarks', { selector: 'input' });
    input.focus();

    act(() => typeSlowly('fragile'));
    vi.advanceTimersByTime(300);
    act(() => scan('WSIN000777'));
    await act(() => vi.runAllTimersAsync());

    expect(scans).toEqual([{ code: 'WSIN000777', source: 'wedge' }]);
    expect(input.value).toBe('fragile');
    expect(screen.getByLabelText('remarks state').textContent).toBe('fragile');
  });

  it('handles wedge scans and typed codes in arrival order, one at a time', async () => {
    const handled: string[] = [];
    let running = 0;
    let maxRunning = 0;
    const { result } = renderHook(() =>
      useScanner({
        wedge,
        onScan: async ({ code, source }) => {
          running++;
          maxRunning = Math.max(maxRunning, running);
          await delay(500); // a slow lookup: everything below is queued behind it
          handled.push(`${source}:${code}`);
          running--;
        },
      }),
    );

    act(() => scan('AWB1001'));
    act(() => result.current.submit('  WSIN-TYPED  '));
    act(() => vi.advanceTimersByTime(20));
    act(() => scan('WSIN-2'));
    act(() => result.current.submit('CAM-1', 'camera'));
    expect(result.current.pending).toBe(4);

    await act(() => vi.runAllTimersAsync());

    expect(handled).toEqual(['wedge:AWB1001', 'manual:WSIN-TYPED', 'wedge:WSIN-2', 'camera:CAM-1']);
    expect(maxRunning).toBe(1);
    expect(result.current.pending).toBe(0);
  });

  it('delivers 20 wedge scans in a row, in order, to a slow async handler', async () => {
    const handled: string[] = [];
    renderHook(() =>
      useScanner({
        wedge,
        onScan: async ({ code }) => {
          await delay(75);
          handled.push(code);
        },
      }),
    );
    const codes = Array.from({ length: 20 }, (_, i) => `PKG-${i + 1}`);

    for (const code of codes) {
      act(() => scan(code));
      vi.advanceTimersByTime(30);
    }
    await act(() => vi.runAllTimersAsync());

    expect(handled).toEqual(codes);
  });

  it('keeps going after the handler fails, and reports the failure', async () => {
    const onError = vi.fn();
    const handled: string[] = [];
    const { result } = renderHook(() =>
      useScanner({
        wedge,
        onError,
        onScan: async ({ code }) => {
          if (code === 'BROKEN') throw new Error('not in order');
          handled.push(code);
        },
      }),
    );

    act(() => {
      result.current.submit('BROKEN');
      result.current.submit('OK');
      result.current.submit('   ');
    });
    await act(() => vi.runAllTimersAsync());

    expect(handled).toEqual(['OK']);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { code: 'BROKEN', source: 'manual' });
  });

  it('calls the latest handler passed', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender } = renderHook(({ onScan }) => useScanner({ wedge, onScan }), {
      initialProps: { onScan: first },
    });

    rerender({ onScan: second });
    act(() => result.current.submit('X1'));
    await act(() => vi.runAllTimersAsync());

    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith({ code: 'X1', source: 'manual' });
  });

  it('ignores the wedge while disabled and after unmount', async () => {
    const onScan = vi.fn();
    const { rerender, unmount } = renderHook(({ enabled }) => useScanner({ wedge, onScan, enabled }), {
      initialProps: { enabled: false },
    });

    act(() => scan('OFF1'));
    rerender({ enabled: true });
    vi.advanceTimersByTime(100);
    act(() => scan('ON1'));
    unmount();
    vi.advanceTimersByTime(100);
    act(() => scan('GONE1'));
    await act(() => vi.runAllTimersAsync());

    expect(onScan.mock.calls.map(([s]) => (s as Scan).code)).toEqual(['ON1']);
  });
});
