import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPLORER_CLIENT_ID } from '@/lib/identity/demo-seed';
import { authorize, Browser, clientConfig, demo, passwordGrant, startApiServer, type App } from './support';
import { startSmtpServer } from '../support/smtp';

let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApiServer({ mail: { smtpUrl: smtp.url, from: 'Trip Explorer <no-reply@example.test>' } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A browser that says what it is in every request. */
class NamedBrowser extends Browser {
  constructor(
    app: App,
    private readonly userAgent: string,
  ) {
    super(app);
  }

  override fetch(url: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    headers.set('user-agent', this.userAgent);
    return super.fetch(url, { ...init, headers });
  }
}

/** A sign-in of the Explorer in a browser of its own: a session at the identity server, and its access token. */
async function signIn(username: string, password = demo(app).password(username), userAgent?: string) {
  const config = await clientConfig(app, EXPLORER_CLIENT_ID, oidc.ClientSecretBasic(demo(app).secret(EXPLORER_CLIENT_ID)));
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: `${app.config.publicUrl}/api/auth/callback/identity`, scope: 'openid cosmos', state });
  const result = await authorize(userAgent ? new NamedBrowser(app, userAgent) : new Browser(app), url, { username, password });
  return (await oidc.authorizationCodeGrant(config, result.location!, { expectedState: state })).access_token;
}

function account(token: string, path = '', method = 'GET', body?: unknown) {
  return fetch(`${app.url}/identity/api/account${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

interface AccountView {
  username: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  sessions: { id: string; current: boolean; clients: string[]; apps: string[]; device: string | null }[];
}
const read = async (res: Response) => ((await res.json()) as { data: AccountView }).data;

describe('the account API', () => {
  it('shows the sessions, changes the name and the e-mail (unverified again, a link sent), and signs out the others', async () => {
    const here = await signIn('traveler', undefined, FIREFOX_ON_LINUX);
    const elsewhere = await signIn('traveler');
    const mine = await read(await account(here));
    expect(mine).toMatchObject({ username: 'traveler', emailVerified: true });
    expect(mine.sessions).toHaveLength(2);
    expect(mine.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(mine.sessions[0].clients).toEqual([EXPLORER_CLIENT_ID]);
    // Each session by the browser it signed in from (none said: unknown), and its apps by name.
    expect(mine.sessions.find((s) => s.current)).toMatchObject({ device: 'Firefox on Linux', apps: ['Trip Explorer'] });
    expect(mine.sessions.find((s) => !s.current)).toMatchObject({ device: null, apps: ['Trip Explorer'] });

    expect((await read(await account(here, '/profile', 'PUT', { givenName: 'Tessa', familyName: 'Traveler' }))).givenName).toBe('Tessa');

    expect((await account(here, '/email', 'PUT', { email: 'tessa@example.com', password: 'wrong password' })).status).toBe(403);
    expect((await account(here, '/email', 'PUT', { email: 'dan.dealer@example.com', password: demo(app).password('traveler') })).status).toBe(409);
    const changed = await read(await account(here, '/email', 'PUT', { email: 'tessa@example.com', password: demo(app).password('traveler') }));
    expect(changed).toMatchObject({ email: 'tessa@example.com', emailVerified: false });
    await smtp.waitFor('tessa@example.com', /Confirm your e-mail/);

    const after = await read(await account(here, '/sessions/end-others', 'POST'));
    expect(after.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect((await account(elsewhere)).status).toBe(401);
    expect((await account(here)).status).toBe(200);
  });

  it('changes the password with the current one, refuses a weak one, and ends the other sessions', async () => {
    const old = demo(app).password('dealer');
    const here = await signIn('dealer');
    const elsewhere = await signIn('dealer');
    expect((await account(here, '/password', 'PUT', { currentPassword: 'nope', newPassword: 'river stone lantern 5' })).status).toBe(403);
    const weak = await account(here, '/password', 'PUT', { currentPassword: old, newPassword: 'dealer2024' });
    expect(weak.status).toBe(400);
    // The same password again changes nothing: refused, and the other sessions stay.
    const same = await account(here, '/password', 'PUT', { currentPassword: old, newPassword: old });
    expect([same.status, ((await same.json()) as { error: string }).error]).toEqual([400, 'same_password']);
    expect((await account(elsewhere)).status).toBe(200);
    expect((await account(here, '/password', 'PUT', { currentPassword: old, newPassword: 'river stone lantern 5' })).status).toBe(200);
    expect((await account(elsewhere)).status).toBe(401);
    expect((await account(here)).status).toBe(200);
    expect((await passwordGrant(app, { username: 'dealer', password: old })).status).toBe(400);
    expect((await passwordGrant(app, { username: 'dealer', password: 'river stone lantern 5' })).status).toBe(200);
  });

  it('takes its own address again, in other capitals or with spaces, as no change: it stays verified and no mail goes', async () => {
    const here = await signIn('admin');
    const before = (await read(await account(here))).email;
    const mailsBefore = smtp.received.length;
    const same = await account(here, '/email', 'PUT', { email: `  ${before.toUpperCase()} `, password: demo(app).password('admin') });
    expect(same.status).toBe(200);
    expect((await read(same))).toMatchObject({ email: before, emailVerified: true });
    expect((await read(await account(here)))).toMatchObject({ email: before, emailVerified: true });
    // No wait needed to be sure nothing comes: the API answers only once the SMTP server has taken what it sends
    // (sendVerification awaits it, and the test server records a message before it accepts it).
    expect(smtp.received.slice(mailsBefore).filter((m) => m.to.toLowerCase().includes(before))).toEqual([]);
    // The password is still checked.
    expect((await account(here, '/email', 'PUT', { email: before, password: 'wrong password' })).status).toBe(403);
  });

  it('takes its own address not yet confirmed as a request for a new confirmation link', async () => {
    const here = await signIn('unverified');
    const before = await read(await account(here));
    expect(before).toMatchObject({ emailVerified: false });
    const mailsBefore = smtp.received.length;
    const again = await account(here, '/email', 'PUT', { email: before.email.toUpperCase(), password: demo(app).password('unverified') });
    expect(again.status).toBe(200);
    expect(await read(again)).toMatchObject({ email: before.email, emailVerified: false });
    await smtp.waitFor(before.email, /Confirm your e-mail/, mailsBefore);
    expect(smtp.received.slice(mailsBefore).filter((m) => m.to.toLowerCase().includes(before.email.toLowerCase()))).toHaveLength(1);
  });

  it('sends a new confirmation link on request, without the password, within the sign-up’s limit, and none for a confirmed address', async () => {
    const here = await signIn('unverified');
    const { email } = await read(await account(here));
    const mailsBefore = smtp.received.length;
    const again = await account(here, '/email/confirmation', 'POST');
    expect(again.status).toBe(200);
    expect(await read(again)).toMatchObject({ email, emailVerified: false });
    await smtp.waitFor(email, /Confirm your e-mail/, mailsBefore);

    const confirmed = await account(await signIn('admin'), '/email/confirmation', 'POST');
    expect(confirmed.status).toBe(409);
    expect(await confirmed.json()).toMatchObject({ error: 'already_confirmed' });
    expect((await account(here, '/email/confirmation', 'PUT')).status).toBe(405);

    // Three links an hour to one address, whichever way they are asked for.
    let last = again;
    for (let i = 0; i < 4 && last.status === 200; i++) last = await account(here, '/email/confirmation', 'POST');
    expect(last.status).toBe(429);
    expect(await last.json()).toMatchObject({ error: 'too_many_requests', error_description: 'Too many confirmation links. Try again later.' });
    expect(last.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  });

  it('deletes an account after its password, but never an organization’s only administrator', async () => {
    const admin = await signIn('admin');
    const refused = await account(admin, '', 'DELETE', { password: demo(app).password('admin') });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error_description: string }).error_description).toContain('only administrator of Summit RV Dealers Group');

    const uma = await signIn('unverified');
    expect((await account(uma, '', 'DELETE', { password: 'wrong' })).status).toBe(403);
    expect((await account(uma, '', 'DELETE', { password: demo(app).password('unverified') })).status).toBe(204);
    expect((await account(uma)).status).toBe(401);
    expect((await passwordGrant(app, { username: 'unverified', password: demo(app).password('unverified') })).status).toBe(400);
  });

  it('refuses other clients, missing tokens and wrong methods', async () => {
    expect((await account('not-a-token')).status).toBe(401);
    const thirdParty = await passwordGrant(app, { username: 'admin', password: demo(app).password('admin') });
    expect((await account(thirdParty.body.access_token)).status).toBe(403);
    expect((await account(await signIn('admin'), '/profile', 'POST', {})).status).toBe(405);
  });
});
