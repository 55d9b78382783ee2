/**
 * The short signal of an andon call (docs/decisions/045-andon-on-screen.md): two tones made by Web Audio
 * (no file to download or precache) and a vibration where the device has one. Browsers may refuse
 * sound until the person has touched the page (autoplay policy): then the call is only seen, and
 * `play` answers false so the bar can say so; the next touch unlocks it for the calls that follow.
 */

type AudioContextCtor = typeof AudioContext;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const Ctor: AudioContextCtor | undefined =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextCtor }).webkitAudioContext);
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** A touch anywhere resumes a context the browser started suspended (autoplay policy). */
export function unlockAlertSound(): void {
  const ctx = audio();
  if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => {});
}

/** Plays the signal; answers whether it could be heard (false while the browser blocks sound). */
export function playAlertSignal(): boolean {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') {
    try {
      navigator.vibrate([200, 100, 200]);
    } catch {
      // Some browsers throw when vibration is not allowed yet (no user gesture): the call is still shown.
    }
  }
  const ctx = audio();
  if (!ctx) return false;
  if (ctx.state !== 'running') {
    // Resuming without a touch first is refused by the autoplay policy; it is tried for browsers that allow it.
    void ctx.resume().catch(() => {});
    return false;
  }
  const start = ctx.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.25, 660],
  ] as const) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + offset);
    osc.stop(start + offset + 0.22);
  }
  return true;
}
