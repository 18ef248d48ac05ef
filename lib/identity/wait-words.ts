/** "1 second", "40 seconds", "3 minutes": how long to wait, in the words a person reads (never "1 seconds"). */
export function waitWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 120) return `${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  return `${minutes} minutes`;
}
