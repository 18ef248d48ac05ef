// The Explorer's client of the identity server's own APIs: one call with the bearer token, one reading of a
// refusal, one set of messages, and the answers parsed with the identity server's contract (lib/identity/api-contract.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_ANSWERS, askAccount, changeAccount, readAccount } from '@/lib/identity-client/account';
import { callIdentityApi, IDENTITY_API_MESSAGES } from '@/lib/identity-client/call';
import { administer, invite, membersOf } from '@/lib/identity-client/organization';

const caller = { issuer: 'http://id.test/identity', accessToken: 'token-1' };
const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const answer = (status: number, body?: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

const account = {
  id: 'user-1',
  username: 'traveler',
  email: 'tess@example.com',
  emailVerified: true,
  givenName: 'Tess',
  familyName: 'Traveler',
  sessions: [{ id: 's1', signedInAt: '2026-01-01T00:00:00.000Z', clients: ['explorer'], current: true }],
  twoFactor: { totp: false, recoveryCodesLeft: 0 },
  passkeys: [],
};

describe('the identity server\'s client', () => {
  it('calls with the bearer token, and sends a body as JSON', async () => {
    answer(204);
    expect(await administer(caller, 'org a/b', '/members/user-x', { method: 'PUT', body: { isAdministrator: true, roleIds: [] } })).toEqual({ ok: true, value: null });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://id.test/identity/api/organizations/org%20a%2Fb/members/user-x');
    expect(init).toMatchObject({
      method: 'PUT',
      headers: { authorization: 'Bearer token-1', accept: 'application/json', 'content-type': 'application/json' },
      body: '{"isAdministrator":true,"roleIds":[]}',
      cache: 'no-store',
    });
  });

  it('reads every refusal the same way: an expired sign-in, the server\'s own words, or its status', async () => {
    answer(401, { error: 'invalid_token', error_description: 'a valid bearer access token is required' });
    expect(await callIdentityApi(caller, '/api/account')).toEqual({ ok: false, status: 401, message: 'Your sign-in has expired. Reload the page.' });
    answer(403, { error: 'wrong_password', error_description: 'The current password is not right.' });
    expect(await changeAccount(caller, '/email', 'PUT', {})).toEqual({ ok: false, status: 403, message: 'The current password is not right.' });
    answer(409, { error: 'conflict', error_description: 'an organization keeps at least one administrator' });
    expect(await administer(caller, 'org-a', '/members/u', { method: 'DELETE' })).toEqual({ ok: false, status: 409, message: 'An organization keeps at least one administrator' });
    answer(500, 'not the API\'s shape');
    expect(await membersOf(caller, 'org-a')).toEqual({ ok: false, status: 500, message: IDENTITY_API_MESSAGES.refused(500) });
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    expect(await readAccount(caller)).toEqual({ ok: false, status: 502, message: 'The identity server did not answer.' });
  });

  it('parses the answers with the identity server\'s contract', async () => {
    answer(200, { data: account });
    const read = await readAccount(caller);
    // An older identity server sends no apps nor device: they default.
    expect(read).toEqual({ ok: true, value: { ...account, sessions: [{ ...account.sessions[0], apps: [], device: null }] } });

    answer(200, { data: [{ id: 'user-1', username: 'traveler' }] });
    expect(await membersOf(caller, 'org-a')).toEqual({ ok: false, status: 502, message: 'The identity server sent an unexpected answer.' });

    answer(201, { id: 'hash', url: 'http://id.test/identity/invitation?token=t', expiresAt: '2026-01-08T00:00:00.000Z' });
    expect(await invite(caller, 'org-a', { isAdministrator: false, roleIds: [] })).toMatchObject({ ok: true, value: { url: 'http://id.test/identity/invitation?token=t' } });
  });

  it('reads the data of a change only where the caller asks for it, with the contract\'s shape', async () => {
    answer(200, { data: { secret: 'S', otpauthUrl: 'otpauth://x', qrCode: 'data:', extra: 1 } });
    expect(await askAccount(caller, '/totp', 'POST', { password: 'p' }, ACCOUNT_ANSWERS.totpEnrollment)).toEqual({ ok: true, value: { secret: 'S', otpauthUrl: 'otpauth://x', qrCode: 'data:' } });
    expect(fetchMock.mock.calls[0][0]).toBe('http://id.test/identity/api/account/totp');
    answer(200, { data: { recoveryCodes: 'not a list' } });
    expect(await askAccount(caller, '/totp', 'PUT', { code: '1' }, ACCOUNT_ANSWERS.recoveryCodes)).toEqual({ ok: false, status: 502, message: IDENTITY_API_MESSAGES.unexpected });
    answer(200, { data: account });
    expect(await changeAccount(caller, '/profile', 'PUT', { givenName: 'T' })).toEqual({ ok: true, value: undefined });
    answer(204);
    expect(await changeAccount(caller, '', 'DELETE', { password: 'p' })).toEqual({ ok: true, value: undefined });
  });
});
