/**
 * The alarm sound: a short two-tone WAV shipped in `public/sounds/` (no network). One audio
 * element, restarted for each event; a blocked autoplay (no user gesture yet) is ignored.
 */
export const ALARM_SOUND_URL = '/sounds/alarm.wav';

let audio: HTMLAudioElement | null = null;

export function playAlarm(): void {
  if (typeof Audio === 'undefined') return;
  audio ??= new Audio(ALARM_SOUND_URL);
  try {
    audio.currentTime = 0;
    const played = audio.play();
    if (played) played.catch(() => {});
  } catch {
    // No audio output (or not allowed): the toast still shows.
  }
}
