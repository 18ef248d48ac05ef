import 'server-only';
import crypto from 'node:crypto';

/**
 * Whose trips a device keeps, as the page knows it: a digest of the identity server's subject, so the browser's
 * storage names no account. A device keeps one person's trips; another person's sign-in clears them.
 */
export function deviceOwnerKey(userId: string): string {
  return crypto.createHash('sha256').update(`trip-explorer-device:${userId}`).digest('base64url').slice(0, 22);
}
