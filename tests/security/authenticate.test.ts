// The Place API's signature check on its own: which headers it takes, what it refuses, with which answer.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FULL_ACCESS } from '@/lib/places/auth/account';
import { authenticate } from '@/lib/places/auth/authenticate';
import { ClientStore } from '@/lib/places/auth/client-store';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { newEncryptionKey, parseEncryptionKey, SecretBox } from '@/lib/core/secret-box';

const TARGET = '/api/v2/search?center=1,2&radius=10';
let dir: string;
let clients: ClientStore;
let client: { client_id: string; secret_key: string };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'authenticate-'));
  clients = new ClientStore(path.join(dir, 'c.sqlite'), new SecretBox([parseEncryptionKey(newEncryptionKey())!]));
  client = clients.create({ name: 'Auth test', config: FULL_ACCESS });
});
afterAll(() => {
  clients.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const headers = (id: string | undefined, hmac: string | undefined) => ({
  ...(id === undefined ? {} : { 'svc-org-app-client-id': id }),
  ...(hmac === undefined ? {} : { 'svc-org-app-hmac': hmac }),
});
const refusal = (h: Record<string, string>) => {
  try {
    authenticate(h, TARGET, clients);
  } catch (err) {
    return { code: (err as { code: string }).code, message: (err as Error).message };
  }
  return null;
};

describe('the signature check', () => {
  it('accepts the client\'s HMAC of the raw target, in either case', () => {
    const hmac = signPlacesRequest(TARGET, client.secret_key);
    expect(authenticate(headers(client.client_id, hmac), TARGET, clients).client_id).toBe(client.client_id);
    expect(authenticate(headers(client.client_id, hmac.toUpperCase()), TARGET, clients).client_id).toBe(client.client_id);
  });

  it('asks for both headers when either is missing or empty', () => {
    const hmac = signPlacesRequest(TARGET, client.secret_key);
    const missing = { code: 'unauthorized', message: 'SVC-ORG-APP-CLIENT-ID and SVC-ORG-APP-HMAC headers are required' };
    for (const h of [headers(undefined, hmac), headers(client.client_id, undefined), headers('', hmac), headers(client.client_id, '')]) expect(refusal(h)).toEqual(missing);
    expect(refusal(headers('x'.repeat(201), hmac))).toEqual(missing);
  });

  it('refuses a wrong, padded or truncated signature and an unknown client with one answer', () => {
    const hmac = signPlacesRequest(TARGET, client.secret_key);
    const wrong = { code: 'unauthorized', message: 'unknown client or invalid signature' };
    for (const h of [
      headers(client.client_id, `${hmac}0`),
      headers(client.client_id, `0${hmac}`),
      headers(client.client_id, hmac.slice(1)),
      headers(client.client_id, signPlacesRequest('/api/v2/tags', client.secret_key)),
      headers(client.client_id, signPlacesRequest(TARGET, 'unknown-client')),
      headers(client.client_id, signPlacesRequest(TARGET, 'no-previous-key')),
      headers('pc_unknown', signPlacesRequest(TARGET, 'unknown-client')),
      headers('pc_unknown', signPlacesRequest(TARGET, '')),
    ]) {
      expect(refusal(h)).toEqual(wrong);
    }
  });

  it('answers 403 to a correctly signed request of a disabled client', () => {
    clients.setDisabled(client.client_id, true);
    try {
      expect(refusal(headers(client.client_id, signPlacesRequest(TARGET, client.secret_key)))).toEqual({ code: 'forbidden', message: 'this API client is disabled' });
    } finally {
      clients.setDisabled(client.client_id, false);
    }
  });
});
