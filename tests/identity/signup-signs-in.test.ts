// Issue 49: a person sent to sign up by a sign-in request is signed in by the password they just chose; the request
// they go back to does not ask for it again. A sign-up on its own signs nobody in. (A file of its own: its sign-ups
// would count against the sign-up budget self-service.test.ts measures from zero.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startApiServer, type App, openForm } from './support';
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

const strong = 'paper lantern orbit 42';


async function signUp(browser: Browser, fields: Record<string, string>) {
  const csrf = await openForm(browser, '/identity/signup');
  return browser.postForm('/identity/signup', { csrf, ...fields });
}

describe('sign-up on the way into the app', () => {
  it('signs in with the password just chosen when a sign-in request sent the person to sign up, and not otherwise', async () => {
    const back = '/identity/interaction/abc123';
    const onTheWay = new Browser(app);
    const csrf = await openForm(onTheWay, `/identity/signup?return=${encodeURIComponent(back)}`);
    const res = await onTheWay.postForm(`/identity/signup?return=${encodeURIComponent(back)}`, { csrf, username: 'onway', email: 'onway@example.com', givenName: 'Otto', familyName: 'Onway', password: strong });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/identity/signup/sent?return=${encodeURIComponent(back)}`);
    expect(onTheWay.has('_identity_fresh_login')).toBe(true);
    const sent = await (await onTheWay.fetch(res.headers.get('location')!)).text();
    expect(sent).toContain('You are signed in');
    expect(sent).toContain(`href="${back}"`);

    const alone = new Browser(app);
    expect((await signUp(alone, { username: 'alone', email: 'alone@example.com', givenName: 'Al', familyName: 'One', password: strong })).status).toBe(303);
    expect(alone.has('_identity_fresh_login')).toBe(false);
  });
});
