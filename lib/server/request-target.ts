/**
 * A request line's target as the app serves it (RFC 9112, section 3.2). Origin-form (`/trips?x=1`) as sent;
 * absolute-form (`GET http://host/trips`), which a server must accept, reduced to its path and query (Next would
 * answer it with a redirect to itself); null for asterisk-form (`OPTIONS *`) and anything else that names no path.
 */
export function originFormTarget(target: string): string | null {
  if (target.startsWith('/')) return target;
  if (!/^https?:\/\//i.test(target)) return null;
  try {
    const url = new URL(target);
    return url.pathname + url.search;
  } catch {
    return null;
  }
}
