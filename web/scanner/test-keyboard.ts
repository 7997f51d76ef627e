/**
 * Test helper: presses keys the way a browser does, including the default
 * action jsdom leaves out (a character key types into the focused field
 * unless a listener prevented it). Time is vitest's fake clock, so tests
 * advance it exactly and pending timers fire in between keys as they would.
 * Requires `vi.useFakeTimers()`.
 */
import { vi } from 'vitest';

export function pressKey(key: string, init: KeyboardEventInit = {}): boolean {
  const target = (document.activeElement as HTMLElement | null) ?? document.body;
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  const allowed = target.dispatchEvent(event);
  const field = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement ? target : null;
  if (allowed && field && key.length === 1) {
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? field.value.length;
    field.setRangeText(key, start, end, 'end');
    field.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: key }));
  }
  return allowed;
}

/** Types each key `gapMs` after the previous one, starting now. */
export function typeKeys(keys: readonly string[], gapMs: number): void {
  keys.forEach((key, index) => {
    if (index > 0) vi.advanceTimersByTime(gapMs);
    pressKey(key);
  });
}

/** What a wedge scanner sends for `code`: its characters, then Enter, 8 ms apart. */
export function scan(code: string, gapMs = 8): void {
  typeKeys([...code, 'Enter'], gapMs);
}

/** A person typing `text` at a comfortable 120 ms per key. */
export function typeSlowly(text: string, gapMs = 120): void {
  typeKeys([...text], gapMs);
}
