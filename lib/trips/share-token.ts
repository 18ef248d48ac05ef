import crypto from 'node:crypto';

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** 24 random bytes (192 bits), URL-safe: unguessable, and short enough for a link. */
export function newShareToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(24).toString('base64url');
  return { token, tokenHash: hashShareToken(token) };
}

/**
 * Trips are looked up by the token's SHA-256, never by the token: an index lookup on the secret itself would leak,
 * through its timing, how much of a guess matched.
 */
export function hashShareToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function isShareTokenShape(token: string): boolean {
  return TOKEN.test(token);
}
