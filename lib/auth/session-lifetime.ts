/**
 * Twelve hours from the sign-in: a working day, after which the Explorer asks the identity server again (usually
 * silently). An absolute lifetime: the cookie next-auth re-issues on every read keeps the time of the sign-in.
 */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

export const nowInSeconds = () => Math.floor(Date.now() / 1000);

/** Whether a session signed in at `signedInAt` (seconds) is past its absolute lifetime; one without the time is. */
export function outlivedSession(signedInAt: number | undefined, now = nowInSeconds()): boolean {
  return signedInAt === undefined || now - signedInAt >= SESSION_MAX_AGE_SECONDS;
}
