import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, demo, passwordGrant, startApiServer, TEST_CLIENT, type App, csrfOf, openForm } from './support';
import { linkIn, startSmtpServer } from '../support/smtp';

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



async function signUp(browser: Browser, fields: Record<string, string>) {
  const csrf = await openForm(browser, '/identity/signup');
  return browser.postForm('/identity/signup', { csrf, familyName: '', ...fields });
}

async function userinfo(accessToken: string) {
  const res = await fetch(`${app.url}/identity/connect/userinfo`, { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: res.status, body: res.status === 200 ? ((await res.json()) as Record<string, unknown>) : {} };
}

const strong = 'paper lantern orbit 42';

describe('sign-up and e-mail confirmation', () => {
  it('creates an account, mails a single-use link, and email_verified follows it', async () => {
    const browser = new Browser(app);
    const res = await signUp(browser, { username: 'newbie', email: 'newbie@example.com', givenName: 'Nina', familyName: 'Newbie', password: strong });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/identity/signup/sent');

    const before = await passwordGrant(app, { username: 'newbie', password: strong, scope: 'openid email' });
    expect(before.status).toBe(200);
    expect((await userinfo(before.body.access_token)).body.email_verified).toBe(false);

    const mail = await smtp.waitFor('newbie@example.com', /Confirm your e-mail/);
    const link = new URL(linkIn(mail, '/identity/verify-email'));
    expect(link.origin).toBe(app.config.publicUrl);
    const token = link.searchParams.get('token')!;
    // Opening the link uses nothing (mail scanners open links); the button does.
    const page = await browser.fetch(link.pathname + link.search);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('newbie@example.com');
    const confirmed = await browser.postForm('/identity/verify-email', { csrf: csrfOf(html), token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('E-mail address confirmed');

    const after = await passwordGrant(app, { username: 'newbie', password: strong, scope: 'openid email' });
    expect((await userinfo(after.body.access_token)).body).toMatchObject({ email: 'newbie@example.com', email_verified: true });

    // Opened again: the address is confirmed, which is said (with Sign in) rather than how to get a new link.
    const again = await browser.fetch(link.pathname + link.search);
    expect(again.status).toBe(410);
    const againText = await again.text();
    expect(againText).toContain('newbie@example.com is already confirmed');
    expect(againText).toContain('href="/signin"');
    expect(againText).not.toContain('Change e-mail');
    const reused = await browser.postForm('/identity/verify-email', { csrf: csrfOf(html), token });
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain('already confirmed');
    const bogus = await browser.fetch('/identity/verify-email?token=' + 'A'.repeat(43));
    expect(bogus.status).toBe(404);
    expect(await bogus.text()).toContain('not valid');
  });

  it('refuses short and common passwords, and says which field is wrong', async () => {
    const browser = new Browser(app);
    const short = await signUp(browser, { username: 'weak1', email: 'weak1@example.com', givenName: 'W', password: 'abc123' });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain('at least 10 characters');
    const common = await signUp(browser, { username: 'weak2', email: 'weak2@example.com', givenName: 'W', password: 'password123' });
    expect(common.status).toBe(400);
    expect(await common.text()).toContain('too easy to guess');
    const ownName = await signUp(browser, { username: 'weak3user', email: 'weak3@example.com', givenName: 'W', password: 'weak3user1' });
    expect(await ownName.text()).toContain('too easy to guess');
    const badEmail = await signUp(browser, { username: 'weak4', email: 'not-an-address', givenName: 'W', password: strong });
    expect(await badEmail.text()).toContain('Enter an e-mail address');
  });

  it('tells an existing username or e-mail apart without showing any other account', async () => {
    const browser = new Browser(app);
    const taken = await signUp(browser, { username: 'Traveler', email: 'someone.else@example.com', givenName: 'T', password: strong });
    expect(taken.status).toBe(400);
    const text = await taken.text();
    expect(text).toContain('This username is taken');
    expect(text).not.toContain('tess.traveler@example.com');
    const email = await signUp(browser, { username: 'tess2', email: 'TESS.traveler@example.com', givenName: 'T', password: strong });
    expect(await email.text()).toContain('An account already uses this e-mail address');
  });

  it('refuses a form without its CSRF token or from another browser', async () => {
    const browser = new Browser(app);
    const csrf = await openForm(browser, '/identity/signup');
    const fields = { username: 'csrf1', email: 'csrf1@example.com', givenName: 'C', password: strong };
    expect((await browser.postForm('/identity/signup', fields)).status).toBe(403);
    expect((await new Browser(app).postForm('/identity/signup', { csrf, ...fields })).status).toBe(403);
    expect((await browser.postForm('/identity/signup', { csrf: csrf.slice(1) + 'x', ...fields })).status).toBe(403);
  });

  it('limits sign-ups per target e-mail address, not counting forms with a typing mistake', async () => {
    const browser = new Browser(app);
    // Mistakes a person makes on the way (each named, every field at once): answered, never counted.
    const mistakes = [
      { username: 'lim 0', email: 'limit@example.com', givenName: '', password: '' },
      { username: 'lim1', email: 'limit@example.com', givenName: 'L'.repeat(101), password: 'password123' },
      { username: 'lim2', email: 'limit@example', givenName: 'L', password: strong },
      { username: 'lim3', email: 'limit@example.com', givenName: 'L', password: 'short' },
    ];
    const first = await (await signUp(browser, mistakes[0])).text();
    for (const named of ['Use 3 to 32 letters', 'Enter your first name.', 'Use at least']) expect(first).toContain(named);
    expect(await (await signUp(browser, mistakes[1])).text()).toContain('Use at most 100 characters.');
    for (const form of [...mistakes, ...mistakes]) expect((await signUp(browser, form)).status).toBe(400);
    // Well-formed sign-ups for one address (what fills a mailbox, or probes which addresses have accounts): counted.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signUp(browser, { username: `limit${i}`, email: 'limit@example.com', givenName: 'L', password: strong })).status);
    expect(statuses).toEqual([303, 400, 400, 429]);
    const refused = await signUp(browser, { username: 'limit9', email: 'limit@example.com', givenName: 'L', password: strong });
    expect(await refused.text()).toContain('Too many requests for this e-mail address. Try again in 60 minutes.');
  });
});

describe('password reset by e-mail', () => {
  it('answers the same for an unknown address, and mails a link only to an account', async () => {
    const browser = new Browser(app);
    const ask = async (email: string) => {
      const csrf = await openForm(browser, '/identity/forgot-password');
      const res = await browser.postForm('/identity/forgot-password', { csrf, email });
      return { status: res.status, text: (await res.text()).replaceAll(email, 'EMAIL') };
    };
    const count = smtp.received.length;
    const unknown = await ask('nobody.here@example.com');
    const known = await ask('tess.traveler@example.com');
    expect(unknown).toEqual(known);
    expect(known.status).toBe(200);
    const mail = await smtp.waitFor('tess.traveler@example.com', /Reset your/, count);
    expect(smtp.received.slice(count).some((m) => m.to.includes('nobody.here'))).toBe(false);
    expect(linkIn(mail, '/identity/reset-password')).toMatch(/token=[A-Za-z0-9_-]{43}$/);
  });

  it('sets the new password once, ends every session and refresh token, and a reused link says so', async () => {
    const browser = new Browser(app);
    const oldPassword = demo(app).password('dealer');
    const session = await passwordGrant(app, { username: 'dealer', password: oldPassword, scope: 'openid offline_access' });
    expect(session.body.refresh_token).toBeTruthy();

    const count = smtp.received.length;
    const csrf = await openForm(browser, '/identity/forgot-password');
    await browser.postForm('/identity/forgot-password', { csrf, email: 'dan.dealer@example.com' });
    const link = new URL(linkIn(await smtp.waitFor('dan.dealer@example.com', /Reset your/, count), '/identity/reset-password'));
    const page = await browser.fetch(link.pathname + link.search);
    expect(page.status).toBe(200);
    const form = await page.text();
    const token = link.searchParams.get('token')!;

    const weak = await browser.postForm('/identity/reset-password', { csrf: csrfOf(form), token, password: 'dealer1234' });
    expect(weak.status).toBe(400);
    const newPassword = 'copper kettle meadow 7';
    const done = await browser.postForm('/identity/reset-password', { csrf: csrfOf(form), token, password: newPassword });
    expect(done.status).toBe(200);
    const doneText = await done.text();
    expect(doneText).toContain('Password changed');
    expect(doneText).toMatch(/<a class="button primary" href="\/signin">Sign in<\/a>/);

    expect((await userinfo(session.body.access_token)).status).toBe(401);
    const refresh = await fetch(`${app.url}/identity/connect/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${TEST_CLIENT}:${demo(app).secret(TEST_CLIENT)}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: session.body.refresh_token }).toString(),
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
    expect((await passwordGrant(app, { username: 'dealer', password: oldPassword })).status).toBe(400);
    expect((await passwordGrant(app, { username: 'dealer', password: newPassword })).status).toBe(200);

    const reused = await browser.fetch(link.pathname + link.search);
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain('already been used');
    const again = await browser.postForm('/identity/reset-password', { csrf: csrfOf(form), token, password: 'another fine password 9' });
    expect(again.status).toBe(410);
  });
});
