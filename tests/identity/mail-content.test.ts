// Issue 35, finding 10: a first name chosen at sign-up (line breaks, a link) was sent in the confirmation mail to any
// address. No mail carries text the person chose: the confirmation (at sign-up; an e-mail change sends the same
// one, SelfService.sendVerification) and the reset mail greet generically. The invitation mail is in
// organization-admin.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, startApiServer, type App, csrfOf } from './support';
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


describe('mail to an address', () => {
  it('carries no name chosen at sign-up, in the confirmation or the reset mail', async () => {
    const browser = new Browser(app);
    const since = smtp.received.length;
    const form = await (await browser.fetch('/identity/signup')).text();
    const signedUp = await browser.postForm('/identity/signup', {
      csrf: csrfOf(form),
      username: 'prankster',
      email: 'someone.else@example.com',
      givenName: 'You won a prize!\nClaim it at https://evil.example/claim',
      familyName: 'www.evil.example',
      password: 'quiet harbor lantern 58',
    });
    expect(signedUp.status).toBe(303);
    const confirmation = await smtp.waitFor('someone.else@example.com', /Confirm your e-mail/, since);

    const page = await (await browser.fetch('/identity/forgot-password')).text();
    await browser.postForm('/identity/forgot-password', { csrf: csrfOf(page), email: 'someone.else@example.com' });
    const reset = await smtp.waitFor('someone.else@example.com', /Reset your/, since);

    for (const mail of [confirmation, reset]) {
      expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/evil|prize|Claim/);
      expect(mail.text.split('\n')[0]).toBe('Hello,');
    }
  });
});
