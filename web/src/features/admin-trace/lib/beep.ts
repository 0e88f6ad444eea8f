/** A short low tone for a refused code, so that the operator looks up from the boxes; silent where audio is not allowed. */
let audio: AudioContext | null = null;

export function beep() {
  try {
    audio ??= new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = 'square';
    tone.frequency.value = 330;
    gain.gain.value = 0.06;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.18);
  } catch {
    // No audio here: the red row says it.
  }
}
