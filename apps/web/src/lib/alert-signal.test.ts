import { afterEach, describe, expect, it, vi } from 'vitest';

/** A Web Audio stand-in: records the tones started and whether it was resumed. */
function fakeAudio(state: AudioContextState) {
  const started: number[] = [];
  const node = () => ({
    connect: (next: unknown) => next ?? node(),
    gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
  });
  const resume = vi.fn(async () => undefined);
  class FakeContext {
    state = state;
    currentTime = 0;
    destination = {};
    resume = resume;
    createGain = () => node();
    createOscillator = () => {
      const osc = {
        type: '',
        frequency: { value: 0 },
        connect: (next: unknown) => next,
        start: () => started.push(osc.frequency.value),
        stop: vi.fn(),
      };
      return osc;
    };
  }
  vi.stubGlobal('AudioContext', FakeContext);
  return { started, resume };
}

// The module keeps one context: each case loads it afresh.
const load = async () => {
  vi.resetModules();
  return import('./alert-signal');
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('playAlertSignal', () => {
  it('plays two tones and vibrates where the device can', async () => {
    const audio = fakeAudio('running');
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { ...navigator, vibrate });
    const { playAlertSignal } = await load();
    expect(playAlertSignal()).toBe(true);
    expect(audio.started).toEqual([880, 660]);
    expect(vibrate).toHaveBeenCalledWith([200, 100, 200]);
  });

  it('answers false while the browser keeps sound blocked, and a touch resumes it', async () => {
    const audio = fakeAudio('suspended');
    const { playAlertSignal, unlockAlertSound } = await load();
    expect(playAlertSignal()).toBe(false);
    expect(audio.started).toEqual([]);
    unlockAlertSound();
    expect(audio.resume).toHaveBeenCalled();
  });

  it('answers false without Web Audio and without vibration, and does not throw', async () => {
    vi.stubGlobal('AudioContext', undefined);
    vi.stubGlobal('navigator', { ...navigator, vibrate: undefined });
    const { playAlertSignal } = await load();
    expect(playAlertSignal()).toBe(false);
  });
});
