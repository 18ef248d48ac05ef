import * as OTPAuth from 'otpauth';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIdentityCli } from '@/lib/identity/cli';
import { EXPLORER_CLIENT_ID } from '@/lib/identity/demo-seed';
import { authorize, Browser, clientConfig, demo, passwordGrant, startApiServer, type App, csrfOf } from './support';
import { linkIn, startSmtpServer, type ReceivedMail } from '../support/smtp';
import { softPasskeyRegistration } from '../support/soft-passkey';
import { tempDataDir } from '../support/test-server';

// Issue 35, findings 3 (a second factor added with a live session alone, and kept through a reset unseen) and 11
// (a reset or confirmation link that outlives a change of the account's password or e-mail address).

let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let dataDir: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  dataDir = tempDataDir('factor-and-link-changes');
  app = await startApiServer({ dataDir, mail: { smtpUrl: smtp.url, from: 'Trip Explorer <no-reply@example.test>' } });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});


/** A sign-in of the Explorer in a browser of its own (password only): its access token. */
async function signIn(username: string, password = demo(app).password(username)) {
  const config = await clientConfig(app, EXPLORER_CLIENT_ID, oidc.ClientSecretBasic(demo(app).secret(EXPLORER_CLIENT_ID)));
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, { redirect_uri: `${app.config.publicUrl}/api/auth/callback/identity`, scope: 'openid cosmos', state });
  const result = await authorize(new Browser(app), url, { username, password });
  return (await oidc.authorizationCodeGrant(config, result.location!, { expectedState: state })).access_token;
}

async function account(token: string, path = '', method = 'GET', body?: unknown) {
  const res = await fetch(`${app.url}/identity/api/account${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as { data?: Record<string, unknown>; error?: string; error_description?: string } };
}

/** A person made by the operator, with an unconfirmed address (so a confirmation link can be asked for). */
async function operatorMadeUser(username: string) {
  const password = `${username} pebble harbor 41`;
  await runIdentityCli(['users', 'create', '--username', username, '--email', `${username}@example.com`, '--given-name', 'Pat', '--family-name', 'Person', '--password', password], dataDir);
  return { username, email: `${username}@example.com`, password };
}

/** Asks for a reset link for `email` and reads it from the mail. */
async function resetLink(email: string): Promise<URL> {
  const since = smtp.received.length;
  const browser = new Browser(app);
  const page = await browser.fetch('/identity/forgot-password');
  expect((await browser.postForm('/identity/forgot-password', { csrf: csrfOf(await page.text()), email })).status).toBe(200);
  return new URL(linkIn(await smtp.waitFor(email, /Reset your/, since), '/identity/reset-password'));
}

/** Asks for a new confirmation link of the account's own address (as the account page says to), and reads it. */
async function confirmationLink(token: string, email: string, password: string): Promise<URL> {
  const since = smtp.received.length;
  expect((await account(token, '/email', 'PUT', { email, password })).status).toBe(200);
  return new URL(linkIn(await smtp.waitFor(email, /Confirm your e-mail/, since), '/identity/verify-email'));
}

/** What opening a link answers: 200 while it is open, 410 once used or ended. */
const opens = async (link: URL) => (await new Browser(app).fetch(link.pathname + link.search)).status;

/** Sets a new password through a reset link; the page's text. */
async function reset(link: URL, password: string): Promise<string> {
  const browser = new Browser(app);
  const form = await browser.fetch(link.pathname + link.search);
  expect(form.status).toBe(200);
  const done = await browser.postForm('/identity/reset-password', { csrf: csrfOf(await form.text()), token: link.searchParams.get('token')!, password });
  expect(done.status).toBe(200);
  return done.text();
}

const notices = (email: string, since: number) => smtp.received.slice(since).filter((m) => m.to.toLowerCase().includes(email));

/** A notice holds no text a person chose, and only our own links. */
function expectPlainNotice(mail: ReceivedMail, chosen: string[]) {
  for (const text of chosen) expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(text);
  for (const url of mail.text.match(/https?:\/\/\S+/g) ?? []) expect(url.startsWith(`${app.config.publicUrl}/identity/`)).toBe(true);
}

describe('second factors are added and removed with the current password, and the owner hears of it (issue 35, finding 3)', () => {
  it('adds and removes a passkey only with the current password, and mails a plain notice of each', async () => {
    const password = demo(app).password('traveler');
    const email = 'tess.traveler@example.com';
    const token = await signIn('traveler');

    const noPassword = await account(token, '/passkeys/options', 'POST');
    expect(noPassword.status).toBe(403);
    expect(noPassword.body).toMatchObject({ error: 'password_required', error_description: expect.stringContaining('needs your current password') });
    expect((await account(token, '/passkeys/options', 'POST', { password: 'not it at all' })).body.error).toBe('wrong_password');
    const options = await account(token, '/passkeys/options', 'POST', { password });
    expect(options.status).toBe(200);
    const response = softPasskeyRegistration(options.body.data as never, new URL(app.config.publicUrl).origin);
    const name = 'Evil <b>key</b> visit http://evil.example';

    // With the session's token alone, as in the finding: refused, and nothing added.
    const withoutPassword = await account(token, '/passkeys', 'POST', { response, name });
    expect(withoutPassword).toMatchObject({ status: 403, body: { error: 'password_required' } });
    expect((await account(token)).body.data!.passkeys).toEqual([]);

    const since = smtp.received.length;
    const added = await account(token, '/passkeys', 'POST', { response, name, password });
    expect(added.status).toBe(201);
    const id = (added.body.data as { id: string }).id;
    // The API answers once the SMTP server has taken the notice.
    const [addedNotice] = notices(email, since);
    expect(addedNotice.subject).toBe('A passkey was added to your Trip Explorer account');
    expect(addedNotice.text).toContain(`${app.config.publicUrl}/identity/forgot-password`);
    expectPlainNotice(addedNotice, ['Evil', 'evil.example', 'Tess']);

    expect((await account(token, `/passkeys/${id}`, 'DELETE')).body.error).toBe('password_required');
    expect((await account(token, `/passkeys/${id}`, 'DELETE', { password: 'not it at all' })).status).toBe(403);
    expect((await account(token)).body.data!.passkeys).toHaveLength(1);
    const beforeRemoval = smtp.received.length;
    expect((await account(token, `/passkeys/${id}`, 'DELETE', { password })).status).toBe(204);
    expect(notices(email, beforeRemoval).map((m) => m.subject)).toEqual(['A passkey was removed from your Trip Explorer account']);
    expect((await account(token)).body.data!.passkeys).toEqual([]);
  });

  it('starts, confirms and turns off TOTP only with the current password, and mails a notice when it goes on or off', async () => {
    const password = demo(app).password('admin');
    const email = 'ada.admin@example.com';
    const token = await signIn('admin');

    expect(await account(token, '/totp', 'POST')).toMatchObject({ status: 403, body: { error: 'password_required' } });
    const begun = await account(token, '/totp', 'POST', { password });
    expect(begun.status).toBe(200);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32((begun.body.data as { secret: string }).secret) });
    const at = Date.now();

    // Someone else's authenticator app, turned on with the session alone: refused, and still off.
    expect(await account(token, '/totp', 'PUT', { code: totp.generate({ timestamp: at }) })).toMatchObject({ status: 403, body: { error: 'password_required' } });
    expect((await account(token)).body.data!.twoFactor).toEqual({ totp: false, recoveryCodesLeft: 0 });

    const since = smtp.received.length;
    const confirmed = await account(token, '/totp', 'PUT', { code: totp.generate({ timestamp: at }), password });
    expect(confirmed.status).toBe(200);
    const [on] = notices(email, since);
    expect(on.subject).toBe('Two-factor sign-in was turned on for your Trip Explorer account');
    expectPlainNotice(on, ['Ada']);

    expect((await account(token, '/totp', 'DELETE')).status).toBe(403);
    const beforeOff = smtp.received.length;
    expect((await account(token, '/totp', 'DELETE', { password })).status).toBe(200);
    expect(notices(email, beforeOff).map((m) => m.subject)).toEqual(['Two-factor sign-in was turned off for your Trip Explorer account']);
  });

  it('a reset ends every session and lists the factors for the owner to review', async () => {
    const password = demo(app).password('dealer');
    const here = await signIn('dealer');
    const elsewhere = await signIn('dealer');
    const options = await account(here, '/passkeys/options', 'POST', { password });
    const response = softPasskeyRegistration(options.body.data as never, new URL(app.config.publicUrl).origin);
    expect((await account(here, '/passkeys', 'POST', { response, name: 'Laptop of <Dan>', password })).status).toBe(201);
    const begun = await account(here, '/totp', 'POST', { password });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32((begun.body.data as { secret: string }).secret) });
    expect((await account(here, '/totp', 'PUT', { code: totp.generate(), password })).status).toBe(200);

    const html = await reset(await resetLink('dan.dealer@example.com'), 'copper kettle meadow 7');
    // The passkey's name is the person's (or another's) text: escaped on the page.
    expect(html).not.toContain('<Dan>');
    const page = html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(page).toContain('every device that was signed in has been signed out');
    expect(page).toContain('an authenticator app (two-factor sign-in is on)');
    expect(page).toContain('the passkey "Laptop of <Dan>", added');
    expect(page).toContain('Remove any you do not recognize');
    expect((await account(here)).status).toBe(401);
    expect((await account(elsewhere)).status).toBe(401);
  });
});

describe('a change of password or e-mail address ends the open reset and confirmation links (issue 35, finding 11)', () => {
  it('the owner’s e-mail change ends them; the confirmation link it sends works', async () => {
    const password = demo(app).password('unverified');
    const token = await signIn('unverified');
    const oldConfirmation = await confirmationLink(token, 'uma.unverified@example.com', password);
    const oldReset = await resetLink('uma.unverified@example.com');
    expect([await opens(oldConfirmation), await opens(oldReset)]).toEqual([200, 200]);

    const newConfirmation = await confirmationLink(token, 'uma.new@example.com', password);
    expect([await opens(oldConfirmation), await opens(oldReset)]).toEqual([410, 410]);
    expect(await opens(newConfirmation)).toBe(200);
    const browser = new Browser(app);
    const page = await browser.fetch(newConfirmation.pathname + newConfirmation.search);
    const confirmed = await browser.postForm('/identity/verify-email', { csrf: csrfOf(await page.text()), token: newConfirmation.searchParams.get('token')! });
    expect(await confirmed.text()).toContain('uma.new@example.com is confirmed');
  });

  it('the owner’s password change ends them', async () => {
    const person = await operatorMadeUser('olive');
    const token = await signIn(person.username, person.password);
    const confirmation = await confirmationLink(token, person.email, person.password);
    const resetting = await resetLink(person.email);
    expect((await account(token, '/password', 'PUT', { currentPassword: person.password, newPassword: 'violet ocean ladder 3' })).status).toBe(200);
    expect([await opens(confirmation), await opens(resetting)]).toEqual([410, 410]);
  });

  it('a reset ends the open confirmation links', async () => {
    const person = await operatorMadeUser('rita');
    const confirmation = await confirmationLink(await signIn(person.username, person.password), person.email, person.password);
    await reset(await resetLink(person.email), 'amber canyon whistle 8');
    expect(await opens(confirmation)).toBe(410);
  });

  it('the operator’s `users set-password` ends them', async () => {
    const person = await operatorMadeUser('cleo');
    const confirmation = await confirmationLink(await signIn(person.username, person.password), person.email, person.password);
    const resetting = await resetLink(person.email);
    await runIdentityCli(['users', 'set-password', person.username, '--password', 'granite meadow falcon 6'], dataDir);
    expect([await opens(confirmation), await opens(resetting)]).toEqual([410, 410]);
    expect((await passwordGrant(app, { username: person.username, password: 'granite meadow falcon 6' })).status).toBe(200);
  });
});
