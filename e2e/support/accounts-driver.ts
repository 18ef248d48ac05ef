import { expect, type Page, type TestInfo } from '@playwright/test';
import { linkIn, readSpool, type Mailbox } from '../../tests/support/smtp';
import { e2eMailSpool } from '../../playwright.config';
import { keepScreenshot } from './screenshots';
import AxeBuilder from '@axe-core/playwright';

export type { Mailbox };

/** The mail the real SMTP server of the run received (e2e/global-setup.ts starts it and gives its URL to the app). */
export const openMailbox = async (): Promise<Mailbox> => readSpool(e2eMailSpool());

export interface NewPerson {
  username: string;
  email: string;
  givenName: string;
  familyName: string;
  password: string;
}

/**
 * A person new to the identity server. A retry of the test is a new person too: the first try may have signed up
 * already, and its address has spent its sign-ups for the hour.
 */
export function newPerson(label: string, testInfo: TestInfo): NewPerson {
  const username = `${label}-${testInfo.project.name}${testInfo.retry ? `-retry${testInfo.retry}` : ''}`;
  return { username, email: `${username}@example.com`, givenName: label.charAt(0).toUpperCase() + label.slice(1), familyName: 'Tester', password: `violet canyon ${label} 73` };
}

/** Sign-up, e-mail links, password reset and invitations, as a person does them in the browser. */
export class AccountsDriver {
  constructor(
    readonly page: Page,
    private readonly testInfo: TestInfo,
    private readonly mailbox: Mailbox,
  ) {}

  async startSignIn() {
    await this.page.goto('/');
    await this.page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await this.page.waitForURL(/\/identity\/interaction\//);
  }

  async fillSignUp(person: NewPerson, { skipEmail = false } = {}) {
    await this.page.getByLabel('Username').fill(person.username);
    if (!skipEmail) await this.page.getByLabel('E-mail').fill(person.email);
    await this.page.getByLabel('First name').fill(person.givenName);
    await this.page.getByLabel('Last name (optional)').fill(person.familyName);
    await this.page.getByLabel('Password').fill(person.password);
  }

  /** Signs up on the sign-up page (no invitation) and checks it worked. */
  async signUp(person: NewPerson) {
    await this.page.goto('/identity/signup');
    await this.fillSignUp(person);
    await this.submit('Create account');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
  }

  async submit(name: string | RegExp) {
    await this.page.getByRole('button', { name }).click();
  }

  async signInHere(login: string, password: string) {
    await this.page.waitForURL(/\/identity\/interaction\//);
    await this.page.getByLabel('Username or e-mail').fill(login);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await this.page.waitForURL((url) => !url.pathname.startsWith('/identity') && !url.pathname.startsWith('/api/auth'));
  }

  /** Opens the newest link to `path` in the newest mail to `to` whose subject matches. */
  async openMailedLink(to: string, subject: RegExp, path: string, since = 0) {
    const mail = await this.mailbox.waitFor(to, subject, since);
    await this.page.goto(linkIn(mail, path));
  }

  async heading() {
    return this.page.getByRole('heading', { level: 1 });
  }

  async session(): Promise<{ signedIn: boolean; user?: { name: string }; organizations?: { id: string; roles: string[] }[] }> {
    return (await this.page.request.get('/api/session')).json();
  }

  /** Chromium's virtual authenticator (CDP): a platform authenticator with user verification that always says yes. */
  async addVirtualAuthenticator() {
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    return cdp;
  }

  async screenshot(name: string) {
    await keepScreenshot(this.page, this.testInfo, name);
  }

  async expectAccessible() {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
    expect(serious, `axe on ${this.page.url()}`).toEqual([]);
  }
}
