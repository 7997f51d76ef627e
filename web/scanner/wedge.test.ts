// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pressKey, scan, typeKeys, typeSlowly } from './test-keyboard';
import {
  createWedge,
  DEFAULT_WEDGE_TIMING,
  IDLE_BURST,
  isFastGap,
  isScannerBurst,
  stepWedge,
  type BurstState,
  type WedgeAction,
  type WedgeConfig,
} from './wedge';

const config: WedgeConfig = { ...DEFAULT_WEDGE_TIMING, terminators: ['Enter'] };

/** Feeds keystrokes (key, time) through the classifier and lists the actions. */
function classify(strokes: Array<[string, number]>): WedgeAction[] {
  let state: BurstState = IDLE_BURST;
  return strokes.map(([key, timeMs]) => {
    const step = stepWedge(state, { key, timeMs }, config);
    state = step.state;
    return step.action;
  });
}

describe('timing classifier', () => {
  it('treats gaps up to maxGapMs as scanner speed', () => {
    expect(isFastGap(1000, 1035, config)).toBe(true);
    expect(isFastGap(1000, 1036, config)).toBe(false);
    expect(isFastGap(1000, 990, config)).toBe(false);
  });

  it('accepts an even fast burst of at least minLength characters', () => {
    expect(isScannerBurst([0, 9, 18, 27, 36], config)).toBe(true);
    expect(isScannerBurst([0, 9, 18, 27], { maxGapMs: 35, minLength: 3 })).toBe(true);
    expect(isScannerBurst([0, 9, 18], config)).toBe(false); // two characters + terminator
  });

  it('rejects a burst with one slow gap anywhere', () => {
    expect(isScannerBurst([0, 9, 80, 89, 98], config)).toBe(false);
    expect(isScannerBurst([0, 9, 18, 27, 200], config)).toBe(false); // slow Enter
  });

  it('honours configured thresholds', () => {
    expect(isScannerBurst([0, 50, 100, 150], { maxGapMs: 60, minLength: 3 })).toBe(true);
    expect(isScannerBurst([0, 5, 10, 15], { maxGapMs: 35, minLength: 4 })).toBe(false);
  });

  it('holds fast follow-up characters and completes a scan on Enter', () => {
    expect(classify([['W', 0], ['S', 8], ['1', 16], ['2', 24], ['Enter', 32]])).toEqual([
      { kind: 'start' },
      { kind: 'hold' },
      { kind: 'hold' },
      { kind: 'hold' },
      { kind: 'scan', code: 'WS12' },
    ]);
  });

  it('ignores the Shift a scanner presses for capitals', () => {
    const actions = classify([['Shift', 0], ['A', 4], ['Shift', 8], ['B', 12], ['c', 20], ['Enter', 28]]);
    expect(actions.at(-1)).toEqual({ kind: 'scan', code: 'ABc' });
  });

  it('starts over after a slow key, so human typing never completes a scan', () => {
    expect(classify([['a', 0], ['b', 120], ['c', 240], ['Enter', 360]])).toEqual([
      { kind: 'start' },
      { kind: 'start' },
      { kind: 'start' },
      { kind: 'pass' },
    ]);
  });

  it('lets a fast but short burst and its Enter through', () => {
    expect(classify([['o', 0], ['k', 10], ['Enter', 20]]).at(-1)).toEqual({ kind: 'pass' });
  });

  it('passes shortcuts and auto-repeat without reading them as a scan', () => {
    let state: BurstState = IDLE_BURST;
    state = stepWedge(state, { key: 'a', timeMs: 0 }, config).state;
    const shortcut = stepWedge(state, { key: 'v', timeMs: 5, modified: true }, config);
    expect(shortcut.action).toEqual({ kind: 'pass' });
    expect(shortcut.state).toEqual(IDLE_BURST);
    expect(stepWedge(state, { key: 'a', timeMs: 30, repeat: true }, config).action).toEqual({ kind: 'pass' });
  });
});

describe('document listener', () => {
  let unsubscribe: () => void = () => undefined;

  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
    document.body.innerHTML = '';
  });

  afterEach(() => {
    unsubscribe();
    vi.useRealTimers();
  });

  function listen(options: Parameters<typeof createWedge>[0] = {}) {
    const codes: string[] = [];
    const wedge = createWedge({ timestamp: () => Date.now(), ...options });
    unsubscribe = wedge.subscribe((code) => {
      codes.push(code);
    });
    return codes;
  }

  function focusedInput(value = ''): HTMLInputElement {
    const input = document.createElement('input');
    input.value = value;
    document.body.append(input);
    input.focus();
    input.setSelectionRange(value.length, value.length);
    return input;
  }

  it('delivers a scan made while an input has focus and leaves the input as it was', async () => {
    const codes = listen();
    const input = focusedInput('note: ');
    const enterSeenByPage = vi.fn();
    input.addEventListener('keydown', (event) => event.key === 'Enter' && enterSeenByPage());
    const valuesSeen: string[] = [];
    input.addEventListener('input', () => valuesSeen.push(input.value));

    scan('WSIN-0042');
    await vi.runAllTimersAsync();

    expect(codes).toEqual(['WSIN-0042']);
    expect(input.value).toBe('note: ');
    // Only the first key, which cannot be told from typing yet, ever showed.
    expect(valuesSeen).toEqual(['note: W', 'note: ']);
    expect(input.selectionStart).toBe('note: '.length);
    expect(enterSeenByPage).not.toHaveBeenCalled();
  });

  it('restores text the first scanned key replaced', async () => {
    const codes = listen();
    const input = focusedInput('keep me');
    input.setSelectionRange(0, 4); // "keep" selected; the first key overwrites it

    scan('AWB123');
    await vi.runAllTimersAsync();

    expect(codes).toEqual(['AWB123']);
    expect(input.value).toBe('keep me');
  });

  it('delivers a scan when nothing has focus', async () => {
    const codes = listen();
    (document.activeElement as HTMLElement | null)?.blur();

    scan('QR-PAYLOAD-1');
    await vi.runAllTimersAsync();

    expect(codes).toEqual(['QR-PAYLOAD-1']);
  });

  it('does not take slow human typing for a scan', async () => {
    const codes = listen();
    const input = focusedInput();

    typeSlowly('ABC123');
    vi.advanceTimersByTime(120);
    const enterReachedPage = pressKey('Enter');
    await vi.runAllTimersAsync();

    expect(codes).toEqual([]);
    expect(input.value).toBe('ABC123');
    expect(enterReachedPage).toBe(true);
  });

  it('gives back characters a person typed in a fast roll-over, in order', async () => {
    const codes = listen();
    const input = focusedInput();

    typeKeys(['t', 'h'], 10); // "h" is held as a possible scan
    await vi.advanceTimersByTimeAsync(150); // no more keys: it was a person
    typeKeys(['e', ' ', 'b', 'o'], 130);
    typeKeys(['x'], 0);
    vi.advanceTimersByTime(10);
    pressKey('Enter'); // a fast but short burst "ox" + Enter is not a scan

    expect(input.value).toBe('the box');
    expect(codes).toEqual([]);
  });

  it('gives held characters back before a slow key that follows them', () => {
    listen();
    const input = focusedInput();

    typeKeys(['a', 'b', 'c'], 20);
    vi.advanceTimersByTime(60);
    pressKey('d');

    expect(input.value).toBe('abcd');
  });

  it('delivers 20 scans in a row in order to an async consumer, one at a time', async () => {
    const wedge = createWedge({ timestamp: () => Date.now() });
    const handled: string[] = [];
    let running = 0;
    let maxRunning = 0;
    unsubscribe = wedge.subscribe(async (code) => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      // Slower than the scanner: later scans pile up behind this one.
      await new Promise((resolve) => setTimeout(resolve, 40 + (code.length % 3) * 25));
      handled.push(code);
      running--;
    });
    const input = focusedInput();
    const codes = Array.from({ length: 20 }, (_, i) => `WSIN${String(i + 1).padStart(4, '0')}`);

    for (const code of codes) {
      scan(code);
      vi.advanceTimersByTime(40); // gap between trigger pulls
    }
    await vi.runAllTimersAsync();

    expect(handled).toEqual(codes);
    expect(maxRunning).toBe(1);
    expect(input.value).toBe('');
  });

  it('keeps delivering after the consumer throws', async () => {
    const wedge = createWedge({ timestamp: () => Date.now() });
    const handled: string[] = [];
    const onError = vi.fn();
    unsubscribe = wedge.subscribe(
      async (code) => {
        if (code === 'BAD') throw new Error('lookup failed');
        handled.push(code);
      },
      { onError },
    );

    scan('BAD');
    vi.advanceTimersByTime(50);
    scan('GOOD');
    await vi.runAllTimersAsync();

    expect(handled).toEqual(['GOOD']);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 'BAD');
  });

  it('leaves fields inside [data-scanner-ignore] alone', async () => {
    const codes = listen();
    const region = document.createElement('div');
    region.dataset.scannerIgnore = '';
    const input = document.createElement('input');
    region.append(input);
    document.body.append(region);
    input.focus();

    scan('RAW1');
    await vi.runAllTimersAsync();

    expect(codes).toEqual([]);
    expect(input.value).toBe('RAW1');
  });

  it('stops intercepting keys once the last subscriber leaves', async () => {
    const codes = listen();
    unsubscribe();
    const input = focusedInput();

    scan('ABC9');
    await vi.runAllTimersAsync();

    expect(codes).toEqual([]);
    expect(input.value).toBe('ABC9');
  });

  it('uses the configured gap and length', async () => {
    const codes = listen({ maxGapMs: 60, minLength: 5 });
    focusedInput();

    scan('1234', 50); // too short for minLength 5
    vi.advanceTimersByTime(200);
    scan('12345', 50);
    await vi.runAllTimersAsync();

    expect(codes).toEqual(['12345']);
  });
});
