// The identity server's own APIs (account, members, organization administration) answer their refusals in exact
// words and headers that their clients read: each is pinned here whole, the raw header order included, so that a
// change of how the handlers are written (route tables, the bearer-token wrapper) cannot change what they answer.
import http from 'node:http';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLORER_CLIENT_ID } from '@/lib/identity/demo-seed';
import { authorize, Browser, clientConfig, demo, passwordGrant, startApiServer, type App } from './support';

let app: App;
const tokens: Record<string, string> = {};

async function explorerToken(username: string, scope = 'openid cosmos') {
  const config = await clientConfig(app, EXPLORER_CLIENT_ID, oidc.ClientSecretBasic(demo(app).secret(EXPLORER_CLIENT_ID)));
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: `${app.config.publicUrl}/api/auth/callback/identity`, scope, state, prompt: 'consent' });
  const result = await authorize(new Browser(app), url, { username, password: demo(app).password(username) });
  return (await oidc.authorizationCodeGrant(config, result.location!, { expectedState: state })).access_token;
}

beforeAll(async () => {
  app = await startApiServer();
  tokens.traveler = await explorerToken('traveler');
  tokens.admin = await explorerToken('admin');
  tokens.dealer = await explorerToken('dealer');
  tokens.noCosmos = await explorerToken('admin', 'openid');
  tokens.thirdParty = (await passwordGrant(app, { username: 'admin', password: demo(app).password('admin'), scope: 'openid cosmos' })).body.access_token;
});
afterAll(async () => {
  await app?.close();
});

interface Answer {
  status: number;
  /** Each header as sent, in order, but for those of the connection (date, framing) and of every page (security). */
  headers: string[];
  body: string;
}

const OTHER_HEADERS = new Set([
  ...['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'],
  ...['x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy', 'permissions-policy', 'content-security-policy', 'strict-transport-security'],
]);

/** One raw request, to read the headers in the order they were sent. */
function send(method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.url}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${tokens[token] ?? token}` } : {}), ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          if (!OTHER_HEADERS.has(res.rawHeaders[i].toLowerCase())) headers.push(`${res.rawHeaders[i].toLowerCase()}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode!, headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const JSON_HEADERS = ['content-type: application/json; charset=utf-8', 'cache-control: no-store'];
const json = (status: number, body: unknown, before: string[] = [], after: string[] = []): Answer => ({
  status,
  headers: [...before, ...JSON_HEADERS, ...after],
  body: JSON.stringify(body),
});

const ACCOUNT = '/identity/api/account';
const ORG = '/identity/api/organizations/org-summit-rv';

describe('the account API\'s refusals', () => {
  it.each<[string, string, { token?: string; body?: unknown }, Answer]>([
    ['GET', `${ACCOUNT}/unknown`, {}, json(404, { error: 'not_found', error_description: 'no such identity API' })],
    ['POST', `${ACCOUNT}/profile`, {}, json(405, { error: 'method_not_allowed', error_description: 'use PUT' }, [], ['allow: PUT'])],
    ['PATCH', ACCOUNT, {}, json(405, { error: 'method_not_allowed', error_description: 'use GET or DELETE' }, [], ['allow: GET, DELETE'])],
    ['HEAD', ACCOUNT, {}, { status: 405, headers: [...JSON_HEADERS, 'allow: GET, DELETE'], body: '' }],
    ['GET', `${ACCOUNT}/totp`, {}, json(405, { error: 'method_not_allowed', error_description: 'use POST or PUT or DELETE' }, [], ['allow: POST, PUT, DELETE'])],
    ['DELETE', `${ACCOUNT}/passkeys/options`, {}, json(405, { error: 'method_not_allowed', error_description: 'use POST' }, [], ['allow: POST'])],
    ['GET', `${ACCOUNT}/passkeys/abc_-1`, {}, json(405, { error: 'method_not_allowed', error_description: 'use DELETE' }, [], ['allow: DELETE'])],
    ['PUT', `${ACCOUNT}/sessions/end-others`, {}, json(405, { error: 'method_not_allowed', error_description: 'use POST' }, [], ['allow: POST'])],
    ['DELETE', `${ACCOUNT}/passkeys/a.b`, {}, json(404, { error: 'not_found', error_description: 'no such identity API' })],
    ['GET', ACCOUNT, {}, json(401, { error: 'invalid_token', error_description: 'a valid bearer access token is required' }, [], ['www-authenticate: Bearer realm="identity"'])],
    ['GET', ACCOUNT, { token: 'not-a-token' }, json(401, { error: 'invalid_token', error_description: 'a valid bearer access token is required' }, [], ['www-authenticate: Bearer realm="identity"'])],
    ['GET', ACCOUNT, { token: 'thirdParty' }, json(403, { error: 'forbidden', error_description: 'access tokens of this client may not manage accounts' })],
    ['PUT', `${ACCOUNT}/profile`, { token: 'traveler', body: { givenName: ' ' } }, json(400, { error: 'invalid_request', error_description: 'Enter a first name (at most 100 characters).' })],
    ['PUT', `${ACCOUNT}/email`, { token: 'traveler', body: { email: 'nope' } }, json(400, { error: 'invalid_request', error_description: 'Enter an e-mail address such as name@example.com.' })],
    ['PUT', `${ACCOUNT}/email`, { token: 'traveler', body: { email: 'x@example.com', password: 'wrong' } }, json(403, { error: 'wrong_password', error_description: 'The current password is not right.' })],
    ['PUT', `${ACCOUNT}/password`, { token: 'traveler', body: {} }, json(400, { error: 'invalid_request', error_description: 'expected JSON {"currentPassword", "newPassword"}' })],
    ['POST', `${ACCOUNT}/passkeys/options`, { token: 'traveler' }, json(403, { error: 'password_required', error_description: 'Adding or removing a second factor (an authenticator app or a passkey) needs your current password in the same request: send it as "password".' })],
    ['POST', `${ACCOUNT}/passkeys`, { token: 'traveler', body: { name: 'x' } }, json(400, { error: 'invalid_request', error_description: 'expected JSON {"response", "name", "password"}' })],
    ['POST', `${ACCOUNT}/passkeys`, { token: 'traveler', body: { response: {}, password: 'wrong' } }, json(403, { error: 'wrong_password', error_description: 'The current password is not right.' })],
    ['DELETE', `${ACCOUNT}/passkeys/abc`, { token: 'traveler', body: { password: 'PASSWORD' } }, json(404, { error: 'not_found', error_description: 'no such passkey' })],
    ['POST', `${ACCOUNT}/totp`, { token: 'traveler', body: { password: '' } }, json(403, { error: 'password_required', error_description: 'Adding or removing a second factor (an authenticator app or a passkey) needs your current password in the same request: send it as "password".' })],
    ['PUT', `${ACCOUNT}/totp`, { token: 'traveler', body: { password: 'PASSWORD' } }, json(400, { error: 'invalid_request', error_description: 'expected JSON {"code"}' })],
    ['PUT', `${ACCOUNT}/totp`, { token: 'traveler', body: { password: 'PASSWORD', code: '000000' } }, json(400, { error: 'invalid_code', error_description: 'That code is not right. Check the time on your phone and try the next code.' })],
    ['DELETE', ACCOUNT, { token: 'traveler' }, json(400, { error: 'invalid_request', error_description: 'expected JSON {"password"}' })],
    ['DELETE', ACCOUNT, { token: 'admin', body: { password: 'PASSWORD' } }, json(409, { error: 'conflict', error_description: 'You are the only administrator of Summit RV Dealers Group: make someone else administrator first.' })],
  ])('%s %s %j', async (method, path, init, expected) => {
    const body = init.body as { password?: string } | undefined;
    if (body?.password === 'PASSWORD') body.password = demo(app).password(init.token!);
    expect(await send(method, path, init)).toEqual(expected);
  });

  it('answers the account with the same fields it always had', async () => {
    const answer = await send('GET', ACCOUNT, { token: 'traveler' });
    expect(answer.status).toBe(200);
    expect(answer.headers).toEqual(JSON_HEADERS);
    const { data } = JSON.parse(answer.body) as { data: Record<string, unknown> & { sessions: Record<string, unknown>[] } };
    expect(Object.keys(data)).toEqual(['id', 'username', 'email', 'emailVerified', 'givenName', 'familyName', 'sessions', 'twoFactor', 'passkeys']);
    expect(Object.keys(data.sessions[0])).toEqual(['id', 'signedInAt', 'clients', 'device', 'current', 'apps']);
    expect(data).toMatchObject({ username: 'traveler', twoFactor: { totp: false, recoveryCodesLeft: 0 }, passkeys: [] });
  });
});

describe('the organization APIs\' refusals', () => {
  it.each<[string, string, { token?: string; body?: unknown }, Answer]>([
    ['POST', `${ORG}/members`, {}, json(405, { error: 'method_not_allowed', error_description: 'use GET' }, [], ['allow: GET'])],
    ['DELETE', `${ORG}/audit`, {}, json(405, { error: 'method_not_allowed', error_description: 'use GET' }, [], ['allow: GET'])],
    ['GET', `${ORG}/members`, {}, json(401, { error: 'invalid_token', error_description: 'a bearer access token is required' }, ['www-authenticate: Bearer realm="identity"'])],
    [
      'GET',
      `${ORG}/audit`,
      { token: 'not-a-token' },
      json(401, { error: 'invalid_token', error_description: 'the access token is invalid, expired or revoked' }, [], [
        'www-authenticate: Bearer realm="identity", error="invalid_token", error_description="the access token is invalid, expired or revoked"',
      ]),
    ],
    [
      'GET',
      `${ORG}/members`,
      { token: 'noCosmos' },
      json(403, { error: 'insufficient_scope', error_description: 'the access token lacks the cosmos scope' }, [], [
        'www-authenticate: Bearer realm="identity", error="insufficient_scope", scope="cosmos"',
      ]),
    ],
    ['GET', `${ORG}/members`, { token: 'thirdParty' }, json(403, { error: 'forbidden', error_description: 'access tokens of this client may not read member lists' })],
    ['GET', `${ORG}/members`, { token: 'dealer' }, json(403, { error: 'forbidden', error_description: 'only administrators of this organization can read its members' })],
    ['GET', `${ORG}/audit`, { token: 'dealer' }, json(403, { error: 'forbidden', error_description: 'only administrators of this organization can read its audit log' })],
    ['GET', '/identity/api/organizations/%E0%A4%A/members', { token: 'admin' }, json(403, { error: 'forbidden', error_description: 'only administrators of this organization can read its members' })],
    ['GET', `${ORG}/roles/x`, {}, json(404, { error: 'not_found', error_description: 'no such identity API' })],
    ['PUT', `${ORG}/roles`, {}, json(405, { error: 'method_not_allowed', error_description: 'use GET' }, [], ['allow: GET'])],
    ['PATCH', `${ORG}/invitations`, {}, json(405, { error: 'method_not_allowed', error_description: 'use GET or POST' }, [], ['allow: GET, POST'])],
    ['GET', `${ORG}/members/x`, {}, json(405, { error: 'method_not_allowed', error_description: 'use PUT or DELETE' }, [], ['allow: PUT, DELETE'])],
    ['GET', `${ORG}/invitations`, {}, json(401, { error: 'invalid_token', error_description: 'a bearer access token is required' }, ['www-authenticate: Bearer realm="identity"'])],
    ['GET', `${ORG}/roles`, { token: 'thirdParty' }, json(403, { error: 'forbidden', error_description: 'access tokens of this client may not read member lists' })],
    ['GET', `${ORG}/invitations`, { token: 'dealer' }, json(403, { error: 'forbidden', error_description: 'only administrators of this organization can administer it' })],
    ['POST', `${ORG}/invitations`, { token: 'admin', body: { email: 'not an address' } }, json(400, { error: 'invalid_request', error_description: 'expected JSON {"email"?, "isAdministrator"?, "roleIds"?}' })],
    ['PUT', `${ORG}/members/user-dealer`, { token: 'admin', body: {} }, json(400, { error: 'invalid_request', error_description: 'expected JSON {"isAdministrator", "roleIds"}' })],
    ['PUT', `${ORG}/members/nobody`, { token: 'admin', body: { isAdministrator: false } }, json(404, { error: 'not_found', error_description: 'no such member' })],
    ['DELETE', `${ORG}/members/user-admin`, { token: 'admin' }, json(409, { error: 'conflict', error_description: 'the last administrator cannot be removed: make someone else administrator first' })],
    ['DELETE', `${ORG}/invitations/nothing`, { token: 'admin' }, json(404, { error: 'not_found', error_description: 'no such pending invitation' })],
  ])('%s %s %j', async (method, path, init, expected) => {
    expect(await send(method, path, init)).toEqual(expected);
  });
});
