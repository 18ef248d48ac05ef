import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../errors';
import type { ApiClientWithSecret, ClientStore } from './client-store';
import { signPlacesRequest } from './hmac';

export const CLIENT_ID_HEADER = 'svc-org-app-client-id';
export const HMAC_HEADER = 'svc-org-app-hmac';

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

/**
 * Checks the two signature headers against the raw request target (path and query exactly as sent).
 * Missing, unknown or wrong: 401; a correctly signed request from a disabled client: 403.
 */
export function authenticate(headers: IncomingHttpHeaders, rawTarget: string, clients: ClientStore): ApiClientWithSecret {
  const clientId = single(headers[CLIENT_ID_HEADER]);
  const signature = single(headers[HMAC_HEADER]);
  if (!clientId || !signature) {
    throw new ApiError('unauthorized', 'SVC-ORG-APP-CLIENT-ID and SVC-ORG-APP-HMAC headers are required');
  }
  const client = clients.get(clientId);
  // An unknown client still costs one HMAC, so timing does not tell which client ids exist.
  const expected = Buffer.from(signPlacesRequest(rawTarget, client?.secret_key ?? 'unknown-client'), 'hex');
  const given = /^[0-9a-fA-F]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(expected.length);
  const match = crypto.timingSafeEqual(expected, given) && given.length === expected.length && /^[0-9a-fA-F]{64}$/.test(signature);
  if (!client || !match) throw new ApiError('unauthorized', 'unknown client or invalid signature');
  if (client.disabled) throw new ApiError('forbidden', 'this API client is disabled');
  return client;
}
