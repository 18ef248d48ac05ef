import { createHmac } from 'node:crypto';

/**
 * The Place API signature: hex(HMAC-SHA256(secretKey, pathAndQuery + "-")), where pathAndQuery is the request's
 * path and query string exactly as sent, starting at /api/v2/. Pure: clients import it too.
 */
export function signPlacesRequest(pathAndQuery: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(`${pathAndQuery}-`).digest('hex');
}
