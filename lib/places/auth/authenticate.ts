import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ApiError } from '../errors';
import type { ApiClients } from './api-clients/types';
import type { ApiClientWithSecret } from './client-store';
import { signPlacesRequest } from './hmac';

export const CLIENT_ID_HEADER = 'svc-org-app-client-id';
export const HMAC_HEADER = 'svc-org-app-hmac';

const STAND_IN_KEY = crypto.randomBytes(32).toString('base64url');

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
}

/**
 * Checks the two signature headers against the raw request target (path and query exactly as sent).
 * Missing, unknown or wrong: 401; a correctly signed request from a disabled client: 403.
 */
export function authenticate(headers: IncomingHttpHeaders, rawTarget: string, clients: { get(clientId: string): ApiClientWithSecret | null }): ApiClientWithSecret {
  const clientId = single(headers[CLIENT_ID_HEADER]);
  const signature = single(headers[HMAC_HEADER]);
  if (!clientId || !signature) {
    throw new ApiError('unauthorized', 'SVC-ORG-APP-CLIENT-ID and SVC-ORG-APP-HMAC headers are required');
  }
  const client = clients.get(clientId);
  const wellFormed = /^[0-9a-fA-F]{64}$/.test(signature);
  const given = wellFormed ? Buffer.from(signature, 'hex') : Buffer.alloc(32);
  // Always two HMACs (the current key and the previous one in its grace period, or a stand-in), so timing tells
  // neither which client ids exist nor whether a client is mid-rotation. A stand-in never authenticates.
  let signed = false;
  for (const key of [client?.secret_key, client?.previous_secret_key]) {
    const same = crypto.timingSafeEqual(Buffer.from(signPlacesRequest(rawTarget, key ?? STAND_IN_KEY), 'hex'), given);
    if (same && key) signed = true;
  }
  const match = wellFormed && signed;
  if (!client || !match) throw new ApiError('unauthorized', 'unknown client or invalid signature');
  if (client.disabled) throw new ApiError('forbidden', 'this API client is disabled');
  return client;
}

/** The same check with the client looked up in the client store first (a cached read on PostgreSQL). */
export async function authenticateRequest(headers: IncomingHttpHeaders, rawTarget: string, clients: Pick<ApiClients, 'get'>): Promise<ApiClientWithSecret> {
  const clientId = single(headers[CLIENT_ID_HEADER]);
  const client = clientId ? await clients.get(clientId) : null;
  return authenticate(headers, rawTarget, { get: (id) => (client && id === clientId ? client : null) });
}
