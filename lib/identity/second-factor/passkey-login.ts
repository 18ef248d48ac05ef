import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { addressBucket } from '@/lib/server/client-address';
import { csrfValid } from '../csrf';
import { readJsonBody, sendJson } from '../http';
import type { LoginThrottle } from '../throttle';
import type { Passkeys } from './passkeys';

export interface PasskeyLoginDeps {
  provider: Provider;
  cookieKeys: string[];
  throttle: LoginThrottle;
  passkeys: Passkeys;
}

/** A WebAuthn response is a JSON object of a few kilobytes. */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const value = await readJsonBody(req, 64 * 1024);
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

/**
 * "Sign in with a passkey" on the login page, as JSON for its script: `POST .../passkey/options` gives the
 * WebAuthn request options, `POST .../passkey` checks the assertion and answers where the browser goes next. A
 * failed assertion counts in the login throttle's address budget. `amr`: `hwk` (a key the person holds) and,
 * since the device verified the person (PIN or biometric), `user` and `mfa`.
 */
export async function handlePasskeyLogin(deps: PasskeyLoginDeps, req: IncomingMessage, res: ServerResponse, uid: string, step: 'options' | 'verify', address: string): Promise<true> {
  if (req.method !== 'POST') {
    sendJson(res, 405, { error: 'invalid_request', error_description: 'use POST' }, { allow: 'POST' });
    return true;
  }
  const body = await readJson(req);
  if (!body || !csrfValid(deps.cookieKeys, uid, typeof body.csrf === 'string' ? body.csrf : undefined)) {
    sendJson(res, 403, { error: 'invalid_request', error_description: 'The form expired or did not come from this site. Reload the page.' });
    return true;
  }
  const bucket = addressBucket(address);
  const wait = await deps.throttle.addressWaitMs(bucket);
  if (wait > 0) {
    sendJson(res, 429, { error: 'too_many_attempts', error_description: 'Too many failed attempts. Try again later.' }, { 'retry-after': String(Math.ceil(wait / 1000)) });
    return true;
  }
  if (step === 'options') {
    sendJson(res, 200, await deps.passkeys.authenticationOptions(uid));
    return true;
  }
  const result = await deps.passkeys.authenticate(uid, body.response as never);
  if (!result) {
    await deps.throttle.failed(`passkey:${bucket}`, bucket);
    sendJson(res, 401, { error: 'invalid_passkey', error_description: 'That passkey did not work here. Try again, or sign in with your password.' });
    return true;
  }
  const amr = result.userVerified ? ['hwk', 'user', 'mfa'] : ['hwk'];
  const location = await deps.provider.interactionResult(req, res, { login: { accountId: result.userId, amr } }, { mergeWithLastSubmission: false });
  sendJson(res, 200, { location });
  return true;
}
