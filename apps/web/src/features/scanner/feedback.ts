/** What a new code feels like: a short tone and a vibration, each where configured and possible. */

let audio: AudioContext | null = null;

export function beep(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  try {
    audio ??= new Context();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = 1046;
    gain.gain.value = 0.05;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.08);
  } catch {
    // no audio output: scanning goes on silently
  }
}

/** Vibrates for `ms` where `navigator.vibrate` exists; returns whether it could. */
export function vibrate(ms: number): boolean {
  if (ms <= 0 || typeof navigator.vibrate !== 'function') return false;
  try {
    return navigator.vibrate(ms);
  } catch {
    return false;
  }
}
