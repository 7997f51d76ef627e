/**
 * Pass and fail signals for a validated scan: a sound a packer can tell apart
 * without looking (pass: one short high beep; fail: two low buzzes) and a
 * vibration where the device has one. Call after validation, not on decode:
 * the sound tells whether the item belongs in the box.
 *
 * Nothing here may break scanning: missing WebAudio, a context the browser
 * refuses to create or start, or a missing `navigator.vibrate` all end in
 * silence, never in an exception.
 */

/**
 * pass: a unit counted; packed: the order's last unit; fail: a code that is not in the order;
 * extra: one unit more than the order needs; elsewhere: another parcel's AWB in the middle of an order.
 */
export type FeedbackKind = 'pass' | 'packed' | 'fail' | 'extra' | 'elsewhere';

interface Tone {
  frequencyHz: number;
  type: OscillatorType;
  startS: number;
  durationS: number;
  volume: number;
}

/** The sound of each outcome, as tones relative to "now". */
export const FEEDBACK_TONES: Record<FeedbackKind, readonly Tone[]> = {
  pass: [{ frequencyHz: 1760, type: 'sine', startS: 0, durationS: 0.12, volume: 0.35 }],
  fail: [
    { frequencyHz: 160, type: 'square', startS: 0, durationS: 0.18, volume: 0.3 },
    { frequencyHz: 160, type: 'square', startS: 0.26, durationS: 0.18, volume: 0.3 },
  ],
  packed: [
    { frequencyHz: 1320, type: 'sine', startS: 0, durationS: 0.1, volume: 0.35 },
    { frequencyHz: 1760, type: 'sine', startS: 0.13, durationS: 0.1, volume: 0.35 },
    { frequencyHz: 2350, type: 'sine', startS: 0.26, durationS: 0.16, volume: 0.35 },
  ],
  extra: [{ frequencyHz: 300, type: 'square', startS: 0, durationS: 0.45, volume: 0.3 }],
  elsewhere: [
    { frequencyHz: 660, type: 'triangle', startS: 0, durationS: 0.1, volume: 0.35 },
    { frequencyHz: 440, type: 'triangle', startS: 0.14, durationS: 0.1, volume: 0.35 },
    { frequencyHz: 660, type: 'triangle', startS: 0.28, durationS: 0.1, volume: 0.35 },
  ],
};

/** Vibration patterns in ms (on, off, on, ...). */
export const FEEDBACK_VIBRATION: Record<FeedbackKind, readonly number[]> = {
  pass: [60],
  fail: [160, 90, 160],
  packed: [60, 60, 60, 60, 200],
  extra: [450],
  elsewhere: [80, 60, 80, 60, 80],
};

type AudioContextCtor = new () => AudioContext;

export interface FeedbackEnvironment {
  /** Where AudioContext comes from; defaults to the window's (or webkit's). */
  audioContext?: () => AudioContextCtor | undefined;
  /** Defaults to `navigator.vibrate`. */
  vibrate?: () => ((pattern: number[]) => boolean) | undefined;
}

export interface FeedbackOptions {
  sound?: boolean;
  vibration?: boolean;
}

export interface Feedback {
  /** Plays the pass or fail signal. Never throws. */
  play(kind: FeedbackKind, options?: FeedbackOptions): void;
  pass(options?: FeedbackOptions): void;
  fail(options?: FeedbackOptions): void;
  /**
   * Creates or resumes the audio context. Browsers only allow sound after a
   * user gesture, so call this from the first tap or key press on a scan
   * screen; the first scan then beeps too.
   */
  unlock(): void;
}

function defaultAudioContext(): AudioContextCtor | undefined {
  const scope = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextCtor };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

function defaultVibrate(): ((pattern: number[]) => boolean) | undefined {
  const nav = globalThis.navigator as Navigator | undefined;
  return typeof nav?.vibrate === 'function' ? nav.vibrate.bind(nav) : undefined;
}

export function createFeedback(environment: FeedbackEnvironment = {}): Feedback {
  const findAudioContext = environment.audioContext ?? defaultAudioContext;
  const findVibrate = environment.vibrate ?? defaultVibrate;
  let context: AudioContext | null = null;

  function audio(): AudioContext | null {
    if (context && context.state !== 'closed') return context;
    const Ctor = findAudioContext();
    if (!Ctor) return null;
    context = new Ctor();
    return context;
  }

  function resume(ctx: AudioContext): void {
    if (ctx.state === 'suspended') {
      // A rejected resume (no gesture yet) only means this beep is silent.
      void ctx.resume().catch(() => undefined);
    }
  }

  function playTones(tones: readonly Tone[]): void {
    const ctx = audio();
    if (!ctx) return;
    resume(ctx);
    const now = ctx.currentTime;
    for (const tone of tones) {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      const start = now + tone.startS;
      const end = start + tone.durationS;
      oscillator.type = tone.type;
      oscillator.frequency.setValueAtTime(tone.frequencyHz, start);
      // Short ramps in and out so the tone does not click.
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(tone.volume, start + 0.01);
      gain.gain.setValueAtTime(tone.volume, end - 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, end);
      oscillator.connect(gain);
      gain.connect(ctx.destination);
      oscillator.start(start);
      oscillator.stop(end);
    }
  }

  function safely(action: () => void): void {
    try {
      action();
    } catch {
      // No sound or vibration is better than a broken scan flow.
    }
  }

  function play(kind: FeedbackKind, options: FeedbackOptions = {}): void {
    if (options.sound !== false) safely(() => playTones(FEEDBACK_TONES[kind]));
    if (options.vibration !== false) {
      safely(() => {
        findVibrate()?.([...FEEDBACK_VIBRATION[kind]]);
      });
    }
  }

  return {
    play,
    pass: (options) => play('pass', options),
    fail: (options) => play('fail', options),
    unlock() {
      safely(() => {
        const ctx = audio();
        if (ctx) resume(ctx);
      });
    },
  };
}

/** The app's feedback, sharing one AudioContext. */
export const feedback: Feedback = createFeedback();
