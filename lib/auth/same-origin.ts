/**
 * A state-changing request must come from this app's own pages. SameSite=Lax already keeps the session cookie off
 * cross-site POSTs; checking Origin (or Sec-Fetch-Site) is the second lock.
 */
export function isSameOriginRequest(request: Request, appUrl: string): boolean {
  const origin = request.headers.get('origin');
  if (origin) return origin === new URL(appUrl).origin;
  const site = request.headers.get('sec-fetch-site');
  return site === 'same-origin' || site === 'none';
}

/** A path on this app to come back to: relative, not protocol-relative, not a backslash trick. */
export function safeReturnPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return fallback;
  return value;
}
