/** What to tell the traveler when the device would not keep something. */
export function storageMessage(err: unknown): string {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return 'This device has no room left for it. Remove another kept trip, or free some space, and try again.';
  if (name === 'SecurityError' || name === 'InvalidStateError') return 'This browser does not let the app keep data (a private window, or storage turned off).';
  const message = (err as Error | null)?.message;
  return message ? `It could not be kept: ${message}` : 'It could not be kept on this device.';
}
