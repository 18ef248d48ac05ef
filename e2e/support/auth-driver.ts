import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIResponse, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { decode, encode, type JWT } from 'next-auth/jwt';
import { signPlacesRequest } from '../../lib/places/auth/hmac';
import { baseURL, e2eDataDir } from '../../playwright.config';
import { keepScreenshot } from './screenshots';

export type DemoUsername = 'traveler' | 'dealer' | 'admin' | 'advisor' | 'moderator' | 'unverified';

interface DemoFile {
  users?: { username: string; password: string }[];
}

const dataDir = () => process.env.E2E_DATA_DIR ?? e2eDataDir;

function demoPassword(username: DemoUsername, dir: string): string {
  const file = JSON.parse(fs.readFileSync(path.resolve(dir, 'demo-credentials.json'), 'utf8')) as DemoFile;
  const user = file.users?.find((u) => u.username === username);
  if (!user) throw new Error(`demo user ${username} is not in ${dir}/demo-credentials.json`);
  return user.password;
}

export const SESSION_COOKIE = 'next-auth.session-token';

function nextAuthSecret(): string {
  return (JSON.parse(fs.readFileSync(path.resolve(dataDir(), 'secrets.json'), 'utf8')) as { nextAuthSecret: string }).nextAuthSecret;
}

/** Drives sign-in, the organization switcher, the members page and sign-out as a person would. */
export class AuthDriver {
  constructor(
    readonly page: Page,
    private readonly testInfo: TestInfo,
    /** Where the seeding server wrote demo-credentials.json, when not the suite's own server. */
    private readonly demoDir = dataDir(),
  ) {}

  // ---- given

  async openHome(query = '') {
    await this.page.goto(`/${query}`);
    await expect(this.header).toBeVisible();
  }

  async signInAs(username: DemoUsername) {
    await this.signInButton.click();
    await this.logInOnIdentityPage(username);
  }

  /**
   * Signs in by the header button's own code flow (next-auth, then the identity server's login form), sent as
   * requests that share the page's cookies instead of through the pages, then opens `landOn`. For journeys about
   * something else: the sign-in pages have journeys of their own (auth.spec.ts, auth-explorer.spec.ts). Drawing the
   * Explorer's map twice more for each sign-in cost the suite minutes, every one of them in software WebGL.
   */
  async signInByRequests(username: DemoUsername, landOn = '/') {
    const request = this.page.context().request;
    const answered = async (response: APIResponse, step: string) => {
      if (!response.ok()) throw new Error(`signing in ${username}: ${step} answered ${response.status()} ${(await response.text()).slice(0, 300)}`);
      return response;
    };
    const { csrfToken } = (await (await answered(await request.get('/api/auth/csrf'), 'the csrf token')).json()) as { csrfToken: string };
    const callbackUrl = new URL(landOn, this.page.url().startsWith('http') ? this.page.url() : baseURL).href;
    const started = await answered(await request.post(`/api/auth/signin/identity`, { form: { csrfToken, callbackUrl, json: 'true' } }), 'the sign-in start');
    const { url } = (await started.json()) as { url: string };
    const loginPage = await answered(await request.get(url), 'the authorization request');
    const uid = /\/identity\/interaction\/([A-Za-z0-9_-]+)/.exec(loginPage.url())?.[1];
    const csrf = /name="csrf" value="([^"]+)"/.exec(await loginPage.text())?.[1];
    if (!uid || !csrf) throw new Error(`signing in ${username}: no login form at ${loginPage.url()}`);
    const back = await answered(
      await request.post(`/identity/interaction/${uid}/login`, { form: { csrf, login: username, password: demoPassword(username, this.demoDir) } }),
      'the login form',
    );
    if (new URL(back.url()).pathname.startsWith('/identity')) throw new Error(`signing in ${username}: the login form answered with ${back.url()}`);
    await this.page.goto(landOn);
    await expect(this.header).toBeVisible();
  }

  /** On the identity server's login page: type the demo user's credentials and come back to the app. */
  async logInOnIdentityPage(username: DemoUsername) {
    await this.page.waitForURL(/\/identity\/interaction\//);
    await this.submitCredentials(username, demoPassword(username, this.demoDir));
    await this.backInTheApp();
  }

  /** On the identity server's login page: types a login and a password and submits them, whatever the answer. */
  async submitCredentials(login: string, password: string) {
    await this.page.locator('input[name="login"]').fill(login);
    await this.passwordField.fill(password);
    await this.page.locator('form:has(input[name="password"]) button[type="submit"]').first().click();
  }

  /** Cancel on the identity server's login page, back to the app. */
  async cancelSignIn() {
    await this.page.getByRole('button', { name: 'Cancel' }).click();
    await this.backInTheApp();
  }

  private async backInTheApp() {
    await this.page.waitForURL((url) => !url.pathname.startsWith('/identity') && !url.pathname.startsWith('/api/auth'));
  }

  /** Goes to a path of the app or the identity server as a typed address would; returns the answer to it. */
  async visit(path: string) {
    return this.page.goto(path);
  }

  async reload() {
    await this.page.reload();
  }

  /** A sign-in request from a client the identity server does not know. */
  async openSignInForUnknownClient() {
    await this.page.goto('/identity/connect/authorize?client_id=no-such-client&response_type=code&scope=openid');
  }

  /** Goes to the identity server's sign-in page from the header, and stays there. */
  async openSignInPage() {
    await this.signInButton.click();
    await this.page.waitForURL(/\/identity\/interaction\//);
    await expect(this.passwordField).toBeVisible();
  }

  // ---- when

  async switchOrganization(organizationId: string) {
    // On a phone the switcher is in the account menu.
    if ((await this.switcher.count()) === 0) await this.openAccountMenu();
    // Choosing the organization already active changes nothing and asks nothing of the server.
    if ((await this.switcher.inputValue()) === organizationId) return;
    const switched = this.page.waitForResponse((r) => r.url().endsWith('/api/session/organization') && r.request().method() === 'POST');
    await this.switcher.selectOption(organizationId);
    expect((await switched).status()).toBe(200);
    // The switcher is busy until the page has moved to the new organization (its queries and the server parts).
    await expect(this.switcher).toHaveAttribute('aria-busy', 'false');
    await expect(this.switcher).toHaveValue(organizationId);
  }

  /**
   * With the keyboard alone: an arrow key browses to the next organization (the one before, from the last) without switching (no request is made), and
   * Enter switches to it; the focus stays on the switcher and the change is announced.
   */
  async switchToNextOrganizationByKeyboard(): Promise<string> {
    const requests: string[] = [];
    const track = (r: { url(): string; method(): string }) => {
      if (r.url().endsWith('/api/session/organization') && r.method() === 'POST') requests.push(r.url());
    };
    this.page.on('request', track);
    await this.switcher.focus();
    const before = await this.switcher.inputValue();
    const atEnd = await this.switcher.evaluate((select: HTMLSelectElement) => select.selectedIndex === select.options.length - 1);
    await this.page.keyboard.press(atEnd ? 'ArrowUp' : 'ArrowDown');
    const browsed = await this.switcher.inputValue();
    expect(browsed).not.toBe(before);
    await this.page.waitForTimeout(300);
    expect(requests).toEqual([]);
    const switched = this.page.waitForResponse((r) => r.url().endsWith('/api/session/organization') && r.request().method() === 'POST');
    await this.page.keyboard.press('Enter');
    expect((await switched).status()).toBe(200);
    await expect(this.switcher).toHaveAttribute('aria-busy', 'false');
    await expect(this.switcher).toBeFocused();
    await expect(this.page.getByRole('status').filter({ hasText: /^Exploring as / })).toHaveCount(1);
    this.page.off('request', track);
    return browsed;
  }

  /**
   * Follows "Organization members" in the account menu. With `whileLoading`, the page's request for the members page
   * is held until `whileLoading` has run: what happens between a click and the next page (the map moving) is replayed
   * every time instead of by chance.
   */
  async openMembersPage(whileLoading?: () => Promise<void>) {
    await this.openAccountMenu();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived = () => {};
    const navigationRequested = new Promise<void>((resolve) => (arrived = resolve));
    const matcher = (url: URL) => url.pathname === '/admin';
    await this.page.route(matcher, async (route) => {
      const headers = route.request().headers();
      // The navigation's own request, not a prefetch.
      if (!headers['next-router-prefetch']) {
        arrived();
        await held;
      }
      await route.continue();
    });
    await this.membersLink.click();
    await navigationRequested;
    if (whileLoading) await whileLoading();
    release();
    await this.page.waitForURL((url) => url.pathname === '/admin');
    await this.page.unroute(matcher);
  }

  /** Zooms the map in with the mouse wheel and waits until it has stopped and told the page its new view. */
  async zoomMapWithWheel() {
    const map = this.map;
    const before = await map.getAttribute('data-view');
    const box = (await map.boundingBox())!;
    await this.page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.5);
    await this.page.mouse.wheel(0, -400);
    await expect(map).not.toHaveAttribute('data-view', before ?? '');
  }

  async openAccountMenu() {
    await this.header.getByRole('button', { expanded: false }).last().click();
  }

  async pressKey(key: string) {
    await this.page.keyboard.press(key);
  }

  /** On the members page: the search by name or e-mail, and the filter by role. */
  async searchMembers(text: string) {
    await this.page.getByLabel('Search by name or e-mail').fill(text);
  }

  async filterMembersByRole(label: string) {
    await this.page.getByLabel('Role').selectOption({ label });
  }

  /**
   * Signs out from the account menu and lands back on the home page. Returns the questions the identity server asked
   * on the way (the headings of the pages of its end-session endpoint that asked for a confirmation).
   */
  async signOutEverywhere(): Promise<string[]> {
    return this.countingQuestions(async () => {
      await this.openAccountMenu();
      await this.signOutButton.click();
    });
  }

  /** Signs out as a browser without JavaScript would: a plain form POST to the Explorer's sign-out route. */
  async signOutWithPlainForm(): Promise<string[]> {
    return this.countingQuestions(() =>
      this.page.evaluate(() => {
        const form = document.createElement('form');
        form.method = 'post';
        form.action = '/api/session/logout';
        document.body.append(form);
        form.submit();
      }),
    );
  }

  /** Runs a sign-out and returns the questions the identity server's end-session endpoint asked on the way. */
  private async countingQuestions(signOut: () => Promise<unknown>): Promise<string[]> {
    const asked: string[] = [];
    const endSession = (url: URL) => url.pathname === '/identity/connect/endsession';
    await this.page.route(endSession, async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      if (html.includes('Yes, sign me out')) asked.push(/<h1>([^<]*)<\/h1>/.exec(html)?.[1] ?? 'a question');
      await route.fulfill({ response, body: html });
    });
    await signOut();
    await this.page.waitForURL((url) => url.pathname === '/' && !url.search.includes('callbackUrl'));
    await expect(this.signInButton).toBeVisible();
    // The button shows in the server's HTML before it works: the map, drawn in the browser only, says the page is live.
    await expect(this.map).toHaveAttribute('data-ready', 'true');
    await this.page.unroute(endSession);
    return asked;
  }

  /**
   * Ends the identity server session without the app taking part (another tab, another app, an administrator), and
   * waits for the identity server's answer to the confirmation.
   */
  async endIdentitySessionElsewhere() {
    const discovery = await (await this.page.request.get('/identity/.well-known/openid-configuration')).json();
    await this.page.goto(discovery.end_session_endpoint as string);
    await this.page.waitForURL(/\/identity\//);
    const confirmed = this.page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/identity/connect/endsession'));
    await this.answerLogoutQuestionYes();
    await confirmed;
  }

  /**
   * Opens the identity server's consent page: a sign-in request from the demo's third-party test client, which is
   * asked for consent (first-party apps are not). The page is left unanswered.
   */
  async openConsentPage() {
    const params = new URLSearchParams({
      client_id: 'oidc-test-client',
      response_type: 'code',
      scope: 'openid profile email',
      redirect_uri: 'http://127.0.0.1:8976/callback',
      state: 'axe',
      nonce: 'axe',
    });
    await this.page.goto(`/identity/connect/authorize?${params}`);
    await this.page.waitForURL(/\/identity\/interaction\//);
    await expect(this.page.getByRole('button', { name: 'Allow' })).toBeVisible();
  }

  /** Opens the end-session endpoint as a link from elsewhere would: the identity server asks first. */
  async openLogoutQuestion() {
    const discovery = await (await this.page.request.get('/identity/.well-known/openid-configuration')).json();
    await this.page.goto(discovery.end_session_endpoint as string);
    await expect(this.page.getByRole('button', { name: 'Yes, sign me out' })).toBeVisible();
  }

  async answerLogoutQuestionYes() {
    await this.page.getByRole('button', { name: 'Yes, sign me out' }).click();
  }

  async postOrganization(organizationId: string) {
    return this.page.request.post('/api/session/organization', {
      data: { organizationId },
      headers: { origin: new URL(this.page.url()).origin },
    });
  }

  // ---- then

  get header(): Locator {
    return this.page.locator('header').first();
  }

  /** The switcher on screen: in the header, or in the account menu at phone size. */
  get switcher(): Locator {
    return this.page.getByTestId('organization-switcher').filter({ visible: true });
  }

  get organizationLabel(): Locator {
    return this.page.getByTestId('organization-label');
  }

  get signInButton(): Locator {
    return this.header.getByRole('button', { name: 'Sign in' });
  }

  get signOutButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign out' });
  }

  /** The identity server's password field: on screen, the login page asks for the password. */
  get passwordField(): Locator {
    return this.page.locator('input[name="password"]');
  }

  get wrongCredentials(): Locator {
    return this.page.getByText('Wrong username or password.');
  }

  /** The note on the map after a sign-in that did not complete. */
  get signInEndedNote(): Locator {
    return this.page.getByTestId('sign-in-ended');
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name });
  }

  /** The account menu's line naming the organization in use: any, or the one given. */
  exploringAs(organizationAndRole?: string): Locator {
    return this.page.getByText(organizationAndRole ? `Exploring as ${organizationAndRole}` : /^Exploring as /);
  }

  get membersLink(): Locator {
    return this.page.getByRole('link', { name: 'Organization members' });
  }

  get memberRows(): Locator {
    return this.page.getByTestId('member-row');
  }

  /** An organization's part of the members page. */
  organization(name: string): Locator {
    return this.page.getByRole('region', { name });
  }

  /** The members page's refusal. */
  get forbiddenNotice(): Locator {
    return this.page.getByTestId('forbidden-notice');
  }

  get map(): Locator {
    return this.page.getByTestId('map');
  }

  currentPath(): string {
    return new URL(this.page.url()).pathname;
  }

  async expectAt(url: RegExp) {
    await expect(this.page).toHaveURL(url);
  }

  /** The page's width as laid out: wider than the window, it scrolls sideways. */
  async pageWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }

  /** What next-auth's own session endpoint hands the browser. */
  async nextAuthSessionText(): Promise<string> {
    return (await this.page.request.get('/api/auth/session')).text();
  }

  async sessionSummary(): Promise<Record<string, unknown>> {
    return (await this.page.request.get('/api/session')).json();
  }

  async sessionCookieBytes(): Promise<number> {
    const cookies = await this.page.context().cookies();
    return cookies
      .filter((c) => c.name.startsWith(SESSION_COOKIE))
      .reduce((sum, c) => sum + c.name.length + 1 + c.value.length, 0);
  }

  /** The decrypted session cookie, read with the server's secret from DATA_DIR (what only the server can see). */
  async sessionToken(): Promise<JWT | null> {
    const cookie = (await this.page.context().cookies()).find((c) => c.name === SESSION_COOKIE);
    return cookie ? decode({ token: cookie.value, secret: nextAuthSecret() }) : null;
  }

  /** Ages the access token in the session cookie as ten minutes would. */
  async expireAccessToken() {
    const token = await this.sessionToken();
    if (!token) throw new Error('not signed in');
    const { iat: _iat, exp: _exp, jti: _jti, ...claims } = token;
    const value = await encode({ token: { ...claims, accessTokenExpiresAt: Math.floor(Date.now() / 1000) - 60 }, secret: nextAuthSecret() });
    const url = new URL(this.page.url());
    await this.page.context().addCookies([{ name: SESSION_COOKIE, value, domain: url.hostname, path: '/', httpOnly: true, sameSite: 'Lax' }]);
  }

  async screenshot(name: string) {
    await keepScreenshot(this.page, this.testInfo, name);
  }

  /** Serious or critical axe violations on the whole page, or only in `within` (the header on the map page). */
  async seriousAxeViolations(within?: string) {
    const builder = new AxeBuilder({ page: this.page });
    if (within) builder.include(within);
    const results = await builder.analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  }
}

interface OrgClient {
  organization_id: string;
  client_id: string;
  secret_key: string;
}

/** The same search the page made, asked of the Place API with one organization's client. */
export async function organizationSearch(
  requestQuery: string,
  organizationId: string,
  /** Another server than the suite's: its address and where its seeding instance wrote demo-credentials.json. */
  at: { url: string; demoDir: string } = { url: baseURL, demoDir: dataDir() },
): Promise<{ data: Record<string, unknown>[]; meta: { total: number } }> {
  const file = JSON.parse(fs.readFileSync(path.resolve(at.demoDir, 'demo-credentials.json'), 'utf8')) as { places_api_clients?: OrgClient[] };
  const client = file.places_api_clients?.find((c) => c.organization_id === organizationId);
  if (!client) throw new Error(`no Place API client for ${organizationId}`);
  const params = new URLSearchParams(requestQuery);
  params.sort();
  const signed = `/api/v2/search?${params.toString()}`;
  const response = await fetch(at.url + signed, {
    headers: { 'SVC-ORG-APP-CLIENT-ID': client.client_id, 'SVC-ORG-APP-HMAC': signPlacesRequest(signed, client.secret_key) },
  });
  if (!response.ok) throw new Error(`${signed}: ${response.status}`);
  return response.json();
}
