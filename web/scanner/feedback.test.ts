// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createFeedback, feedback } from './feedback';

interface PlayedTone {
  frequencyHz: number;
  type: OscillatorType;
  startS: number;
  stopS: number;
}

/** Just enough of AudioContext to record which tones would sound. */
function fakeAudio(state: AudioContextState = 'running') {
  const played: PlayedTone[] = [];
  const resume = vi.fn(() => Promise.reject(new Error('no user gesture yet')));
  class FakeAudioContext {
    state = state;
    currentTime = 10;
    destination = {};
    resume = resume;
    createGain() {
      return {
        gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
        connect: vi.fn(),
      };
    }
    createOscillator() {
      const tone: Partial<PlayedTone> = {};
      return {
        set type(value: OscillatorType) {
          tone.type = value;
        },
        frequency: { setValueAtTime: (hz: number) => (tone.frequencyHz = hz) },
        connect: vi.fn(),
        start: (at: number) => (tone.startS = at),
        stop: (at: number) => {
          tone.stopS = at;
          played.push(tone as PlayedTone);
        },
      };
    }
  }
  return { played, resume, Ctor: FakeAudioContext as unknown as new () => AudioContext };
}

describe('feedback', () => {
  it('does not throw when the browser has no AudioContext or vibration', () => {
    expect('AudioContext' in globalThis).toBe(false); // jsdom has neither
    expect(() => feedback.pass()).not.toThrow();
    expect(() => feedback.fail()).not.toThrow();
    expect(() => feedback.unlock()).not.toThrow();
  });

  it('does not throw when creating or using the AudioContext fails, and still vibrates', () => {
    const vibrate = vi.fn(() => true);
    const refusing = createFeedback({
      audioContext: () =>
        class {
          constructor() {
            throw new DOMException('blocked', 'NotAllowedError');
          }
        } as unknown as new () => AudioContext,
      vibrate: () => vibrate,
    });
    expect(() => refusing.fail()).not.toThrow();
    expect(vibrate).toHaveBeenCalledTimes(1);

    const broken = createFeedback({
      audioContext: () =>
        class {
          state = 'running';
          createOscillator() {
            throw new Error('audio device lost');
          }
        } as unknown as new () => AudioContext,
      vibrate: () => () => {
        throw new Error('vibration blocked');
      },
    });
    expect(() => broken.pass()).not.toThrow();
  });

  it('plays one short high beep for pass and two low buzzes for fail', () => {
    const audio = fakeAudio();
    const signals = createFeedback({ audioContext: () => audio.Ctor, vibrate: () => undefined });

    signals.pass();
    const pass = audio.played.splice(0);
    signals.fail();
    const fail = audio.played.splice(0);

    expect(pass).toHaveLength(1);
    expect(pass[0].frequencyHz).toBeGreaterThan(1000);
    expect(pass[0].stopS - pass[0].startS).toBeLessThanOrEqual(0.2);

    expect(fail).toHaveLength(2);
    for (const buzz of fail) expect(buzz.frequencyHz).toBeLessThan(400);
    expect(fail[1].startS).toBeGreaterThan(fail[0].stopS); // two separate buzzes
  });

  it('vibrates differently for pass and fail', () => {
    const vibrate = vi.fn(() => true);
    const signals = createFeedback({ audioContext: () => undefined, vibrate: () => vibrate });

    signals.pass();
    signals.fail();

    const [passPattern, failPattern] = vibrate.mock.calls.map((call) => (call as unknown[])[0] as number[]);
    expect(passPattern).toHaveLength(1);
    expect(failPattern.length).toBeGreaterThan(1);
  });

  it('tries to resume a suspended context and stays quiet about a refusal', async () => {
    const audio = fakeAudio('suspended');
    const signals = createFeedback({ audioContext: () => audio.Ctor, vibrate: () => undefined });

    signals.unlock();
    signals.pass();
    await Promise.resolve();

    expect(audio.resume).toHaveBeenCalled();
  });

  it('can leave out the sound or the vibration', () => {
    const audio = fakeAudio();
    const vibrate = vi.fn(() => true);
    const signals = createFeedback({ audioContext: () => audio.Ctor, vibrate: () => vibrate });

    signals.fail({ sound: false });
    signals.pass({ vibration: false });

    expect(audio.played).toHaveLength(1);
    expect(vibrate).toHaveBeenCalledTimes(1);
  });
});
