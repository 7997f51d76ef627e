/**
 * Keyboard-wedge scanner input (Zebra DataWedge, Honeywell and most USB/BT
 * scanners): the scanner "types" the code as a burst of very fast keystrokes
 * and ends it with Enter. People cannot type that evenly fast, so the gap
 * between keystrokes tells a scan from typing.
 *
 * The listener sits on the document in the capture phase, so it sees a scan
 * whether focus is on nothing, on the scan field or on some other input. A
 * recognised scan must not leave its characters in whatever field had focus:
 *
 * - the first key of a burst cannot be told from a person's keystroke yet, so
 *   it lands normally and the field's value and selection are remembered;
 * - every further key that follows within `maxGapMs` is held back
 *   (`preventDefault`), as is the Enter that completes a scan;
 * - on a completed scan the field is put back as it was before the first key;
 * - when the burst turns out to be a person (a slow key, another key, a short
 *   burst, or silence), the held characters are inserted where they would
 *   have gone, so fast human key rollover ("th" 10 ms apart) is not lost.
 *
 * Timing classification is pure (`isFastGap`, `isScannerBurst`, `stepWedge`)
 * and tested with made-up timestamps.
 */
import { loadScannerProfile, onScannerProfileChange, type ScannerProfile } from './profile';
import { createSerialQueue } from './queue';

// ---------------------------------------------------------------------------
// Pure timing classifier
// ---------------------------------------------------------------------------

export interface WedgeTiming {
  /** Longest gap between two keystrokes of one scan, in ms. */
  maxGapMs: number;
  /** Fewest characters (terminator not counted) a scan has. */
  minLength: number;
}

export const DEFAULT_WEDGE_TIMING: WedgeTiming = { maxGapMs: 35, minLength: 3 };

export function isFastGap(previousMs: number, currentMs: number, timing: WedgeTiming): boolean {
  const gap = currentMs - previousMs;
  return gap >= 0 && gap <= timing.maxGapMs;
}

/**
 * Whether keystrokes at these times (each character, then the terminator)
 * came from a scanner: enough characters and every gap fast.
 */
export function isScannerBurst(keyTimesMs: readonly number[], timing: WedgeTiming): boolean {
  const characters = keyTimesMs.length - 1;
  if (characters < timing.minLength) return false;
  for (let i = 1; i < keyTimesMs.length; i++) {
    if (!isFastGap(keyTimesMs[i - 1], keyTimesMs[i], timing)) return false;
  }
  return true;
}

/** Characters of the burst being read and the time of each keystroke. */
export interface BurstState {
  readonly chars: readonly string[];
  readonly times: readonly number[];
}

export const IDLE_BURST: BurstState = { chars: [], times: [] };

export interface WedgeKeystroke {
  key: string;
  timeMs: number;
  /** Ctrl, Alt or Meta held: a shortcut, never part of a scan. */
  modified?: boolean;
  /** Auto-repeat of a held key. */
  repeat?: boolean;
  /** Part of an IME composition. */
  composing?: boolean;
}

/**
 * What to do with one keystroke:
 * - `start`: first character of a possible scan; let it through.
 * - `hold`: a fast follow-up character; keep it out of the page for now.
 * - `scan`: the terminator that completes a scan of `code`.
 * - `pass`: not part of a scan; let it through.
 * - `ignore`: a bare modifier (scanners press Shift for capitals); no change.
 * For `start` and `pass`, characters held from an earlier burst are no longer
 * part of a scan and belong to the page again.
 */
export type WedgeAction =
  | { kind: 'start' }
  | { kind: 'hold' }
  | { kind: 'scan'; code: string }
  | { kind: 'pass' }
  | { kind: 'ignore' };

export interface WedgeConfig extends WedgeTiming {
  /** Keys that end a scan. */
  terminators: readonly string[];
}

const BARE_MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

function isCharacterKey(key: string): boolean {
  // `key` is a single character for printable keys ("a", "7", "-", "€") and
  // a name for the rest ("Enter", "ArrowLeft", "Dead").
  return key.length === 1 || (key.length === 2 && [...key].length === 1);
}

export function stepWedge(
  state: BurstState,
  stroke: WedgeKeystroke,
  config: WedgeConfig,
): { state: BurstState; action: WedgeAction } {
  if (BARE_MODIFIERS.has(stroke.key)) return { state, action: { kind: 'ignore' } };
  if (stroke.modified || stroke.repeat || stroke.composing) return { state: IDLE_BURST, action: { kind: 'pass' } };

  const reading = state.chars.length > 0;
  const lastTime = state.times[state.times.length - 1];

  if (config.terminators.includes(stroke.key)) {
    if (reading && isScannerBurst([...state.times, stroke.timeMs], config)) {
      return { state: IDLE_BURST, action: { kind: 'scan', code: state.chars.join('') } };
    }
    return { state: IDLE_BURST, action: { kind: 'pass' } };
  }

  if (!isCharacterKey(stroke.key)) return { state: IDLE_BURST, action: { kind: 'pass' } };

  if (reading && isFastGap(lastTime, stroke.timeMs, config)) {
    return {
      state: { chars: [...state.chars, stroke.key], times: [...state.times, stroke.timeMs] },
      action: { kind: 'hold' },
    };
  }
  return { state: { chars: [stroke.key], times: [stroke.timeMs] }, action: { kind: 'start' } };
}

// ---------------------------------------------------------------------------
// Document listener
// ---------------------------------------------------------------------------

export type ScanListener = (code: string) => void | Promise<void>;

export interface SubscribeOptions {
  /** Told when the listener throws or rejects; later scans still arrive. */
  onError?: (error: unknown, code: string) => void;
}

export interface Wedge {
  /**
   * Calls `listener` with every scanned code, one call at a time and in scan
   * order: a scan made while the listener is still awaiting the previous one
   * waits in a queue and is never dropped. Returns an unsubscribe function.
   * The document listener is installed while anyone is subscribed.
   */
  subscribe(listener: ScanListener, options?: SubscribeOptions): () => void;
  /** Changes the terminators or the timing (a device's scanner profile) from the next keystroke on. */
  configure(config: Partial<WedgeConfig>): void;
}

export interface WedgeOptions extends Partial<WedgeConfig> {
  /** Document to listen on; defaults to the global one. */
  document?: Document;
  /**
   * Characters held back during a burst are given back to the page when no
   * key follows within this many ms. Longer than `maxGapMs` so a scanner
   * stalled by a busy main thread is not cut in two.
   */
  releaseAfterMs?: number;
  /** Time of a keystroke in ms; defaults to `event.timeStamp`. */
  timestamp?: (event: KeyboardEvent) => number;
  /**
   * Keystrokes for which scan detection is off. By default those aimed at an
   * element inside `[data-scanner-ignore]`, and those aimed at a scan field
   * (`[data-scan-field]`): a scan field takes everything up to the terminator
   * as one scan itself, whatever the timing, so no timing may cut it.
   */
  ignore?: (event: KeyboardEvent) => boolean;
}

const DEFAULT_TERMINATORS = ['Enter'] as const;
const DEFAULT_RELEASE_AFTER_MS = 100;

function defaultIgnore(event: KeyboardEvent): boolean {
  const target = event.target as Element | null;
  return typeof target?.closest === 'function' && target.closest('[data-scanner-ignore], [data-scan-field]') !== null;
}

function defaultTimestamp(event: KeyboardEvent): number {
  return event.timeStamp > 0 ? event.timeStamp : performance.now();
}

export function createWedge(options: WedgeOptions = {}): Wedge {
  let config: WedgeConfig = {
    maxGapMs: options.maxGapMs ?? DEFAULT_WEDGE_TIMING.maxGapMs,
    minLength: options.minLength ?? DEFAULT_WEDGE_TIMING.minLength,
    terminators: options.terminators ?? DEFAULT_TERMINATORS,
  };
  const releaseAfter = () => Math.max(options.releaseAfterMs ?? DEFAULT_RELEASE_AFTER_MS, config.maxGapMs * 2);
  const timestamp = options.timestamp ?? defaultTimestamp;
  const ignore = options.ignore ?? defaultIgnore;

  const emitters = new Set<(code: string) => void>();
  let listeningOn: Document | null = null;

  let burst: BurstState = IDLE_BURST;
  let burstTarget: EventTarget | null = null;
  let snapshot: FieldSnapshot | null = null;
  let releaseTimer: ReturnType<typeof setTimeout> | undefined;

  function clearReleaseTimer(): void {
    if (releaseTimer !== undefined) clearTimeout(releaseTimer);
    releaseTimer = undefined;
  }

  /** Ends the burst as not-a-scan: held characters go where they were typed. */
  function abandonBurst(): void {
    clearReleaseTimer();
    const held = burst.chars.slice(1).join('');
    if (held && burstTarget) insertText(burstTarget, held);
    burst = IDLE_BURST;
    burstTarget = null;
    snapshot = null;
  }

  function armReleaseTimer(): void {
    clearReleaseTimer();
    releaseTimer = setTimeout(abandonBurst, releaseAfter());
  }

  function swallow(event: KeyboardEvent): void {
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  function onKeyDown(event: KeyboardEvent): void {
    if (ignore(event)) {
      abandonBurst();
      return;
    }
    if (burst.chars.length > 0 && event.target !== burstTarget) abandonBurst();

    const step = stepWedge(
      burst,
      {
        key: event.key,
        timeMs: timestamp(event),
        modified: event.ctrlKey || event.altKey || event.metaKey,
        repeat: event.repeat,
        composing: event.isComposing || event.key === 'Process',
      },
      config,
    );

    switch (step.action.kind) {
      case 'ignore':
        return;
      case 'start':
        abandonBurst();
        burst = step.state;
        burstTarget = event.target;
        snapshot = takeSnapshot(event.target);
        armReleaseTimer();
        return;
      case 'hold':
        swallow(event);
        burst = step.state;
        armReleaseTimer();
        return;
      case 'scan': {
        swallow(event);
        clearReleaseTimer();
        if (burstTarget && snapshot) restoreSnapshot(burstTarget, snapshot);
        burst = IDLE_BURST;
        burstTarget = null;
        snapshot = null;
        const code = step.action.code;
        for (const emit of [...emitters]) emit(code);
        return;
      }
      case 'pass':
        abandonBurst();
        return;
    }
  }

  function startListening(): void {
    const doc = options.document ?? globalThis.document;
    doc.addEventListener('keydown', onKeyDown, { capture: true });
    listeningOn = doc;
  }

  function stopListening(): void {
    listeningOn?.removeEventListener('keydown', onKeyDown, { capture: true });
    listeningOn = null;
    abandonBurst();
  }

  return {
    configure(next) {
      abandonBurst();
      config = { ...config, ...next };
    },
    subscribe(listener, subscribeOptions = {}) {
      const queue = createSerialQueue<string>(listener, { onError: subscribeOptions.onError });
      const emit = (code: string) => queue.push(code);
      emitters.add(emit);
      if (!listeningOn) startListening();
      return () => {
        if (!emitters.delete(emit)) return;
        if (emitters.size === 0) stopListening();
      };
    },
  };
}

let shared: Wedge | null = null;

function profileConfig(profile: ScannerProfile): Partial<WedgeConfig> {
  return { maxGapMs: profile.maxGapMs, terminators: [profile.terminator] };
}

/** The app-wide wedge, timed by this device's scanner profile; one document listener for all. */
export function getSharedWedge(): Wedge {
  if (!shared) {
    const wedge = createWedge(profileConfig(loadScannerProfile()));
    onScannerProfileChange((profile) => wedge.configure(profileConfig(profile)));
    shared = wedge;
  }
  return shared;
}

// ---------------------------------------------------------------------------
// Editing the focused field
// ---------------------------------------------------------------------------

type TextField = HTMLInputElement | HTMLTextAreaElement;

interface FieldSnapshot {
  value: string;
  selectionStart: number | null;
  selectionEnd: number | null;
}

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'tel', 'url', 'email', 'password', 'number']);

function asTextField(target: EventTarget | null): TextField | null {
  const element = target as Element | null;
  if (!element || typeof element.tagName !== 'string') return null;
  if (element.tagName === 'TEXTAREA') return element as HTMLTextAreaElement;
  if (element.tagName === 'INPUT' && TEXT_INPUT_TYPES.has((element as HTMLInputElement).type)) {
    return element as HTMLInputElement;
  }
  return null;
}

function isWritable(field: TextField): boolean {
  return !field.readOnly && !field.disabled;
}

function selectionOf(field: TextField): { start: number | null; end: number | null } {
  try {
    // Reading the selection throws on type="email" and type="number".
    return { start: field.selectionStart, end: field.selectionEnd };
  } catch {
    return { start: null, end: null };
  }
}

function takeSnapshot(target: EventTarget | null): FieldSnapshot | null {
  const field = asTextField(target);
  if (!field) return null;
  const { start, end } = selectionOf(field);
  return { value: field.value, selectionStart: start, selectionEnd: end };
}

/**
 * Sets the value through the prototype's setter, not the element's own
 * property: React tracks controlled inputs by wrapping the latter, and only
 * notices (and calls onChange for) a change made behind its back.
 */
function setValueAsUser(field: TextField, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
}

function announceInput(field: TextField, inputType: string, data: string | null): void {
  const InputEventCtor = field.ownerDocument.defaultView?.InputEvent;
  const event = InputEventCtor
    ? new InputEventCtor('input', { bubbles: true, inputType, data })
    : new Event('input', { bubbles: true });
  field.dispatchEvent(event);
}

function restoreSnapshot(target: EventTarget, snapshot: FieldSnapshot): void {
  const field = asTextField(target);
  if (!field || field.value === snapshot.value) return;
  setValueAsUser(field, snapshot.value);
  if (snapshot.selectionStart !== null && snapshot.selectionEnd !== null) {
    try {
      field.setSelectionRange(snapshot.selectionStart, snapshot.selectionEnd);
    } catch {
      // Field type without a selection; the value is what matters.
    }
  }
  announceInput(field, 'deleteContentBackward', null);
}

/** Types `text` into the field as if its keys had not been held back. */
function insertText(target: EventTarget, text: string): void {
  const field = asTextField(target);
  if (!field || !isWritable(field)) return;
  const doc = field.ownerDocument;
  // execCommand keeps the browser's undo history and fires a native input
  // event; jsdom and some engines lack it, hence the manual path.
  if (doc.activeElement === field && typeof doc.execCommand === 'function') {
    try {
      if (doc.execCommand('insertText', false, text)) return;
    } catch {
      // Fall through to the manual path.
    }
  }
  const { start, end } = selectionOf(field);
  if (start !== null && end !== null) {
    field.setRangeText(text, start, end, 'end');
  } else {
    setValueAsUser(field, field.value + text);
  }
  announceInput(field, 'insertText', text);
}
