import crypto from 'node:crypto';

/**
 * A per-interaction CSRF token: an HMAC of the interaction id under the newest cookie key. The interaction is
 * also bound to its signed cookie, so a form posted from elsewhere fails twice over.
 */
export function csrfToken(cookieKeys: string[], uid: string): string {
  return crypto.createHmac('sha256', cookieKeys[0]).update(`interaction-csrf:${uid}`).digest('base64url');
}

export function csrfValid(cookieKeys: string[], uid: string, token: string | null | undefined): boolean {
  if (!token) return false;
  const given = Buffer.from(token);
  return cookieKeys.some((key) => {
    const expected = Buffer.from(csrfToken([key], uid));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
}
