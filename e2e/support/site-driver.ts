import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Response, type TestInfo } from '@playwright/test';
import { keepScreenshot } from './screenshots';

/** Drives the site's plain pages (the home page, the API reference, a page that does not exist) and what every page shares. */
export class SiteDriver {
  constructor(
    readonly page: Page,
    private readonly testInfo: TestInfo,
  ) {}

  // ---- when

  /** Goes to a path as a typed address would and waits for the page to load; returns the answer to it. */
  async visit(path: string): Promise<Response | null> {
    const response = await this.page.goto(path);
    await this.page.waitForLoadState('load');
    return response;
  }

  /** From the home page, the header's Sign in, to the identity server's login page; returns that page's answer. */
  async openSignInPage(): Promise<Response> {
    await this.page.goto('/');
    const answered = this.page.waitForResponse((r) => /\/identity\/interaction\/[^/]+$/.test(new URL(r.url()).pathname) && r.request().resourceType() === 'document');
    await this.page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const response = await answered;
    await expect(this.page.locator('input[name="password"]')).toBeVisible();
    return response;
  }

  async followLink(name: string) {
    await this.page.getByRole('link', { name }).click();
  }

  /** From now on, keeps the console messages that match. */
  watchConsole(pattern: RegExp): string[] {
    const messages: string[] = [];
    this.page.on('console', (message) => {
      if (pattern.test(message.text())) messages.push(message.text());
    });
    return messages;
  }

  // ---- then

  get main(): Locator {
    return this.page.getByRole('main');
  }

  get banner(): Locator {
    return this.page.getByRole('banner');
  }

  get map(): Locator {
    return this.page.getByTestId('map');
  }

  async expectTitle(title: string | RegExp) {
    await expect(this.page).toHaveTitle(title);
  }

  async expectAt(url: RegExp) {
    await expect(this.page).toHaveURL(url);
  }

  /** The nonces of the page's inline scripts. */
  async inlineScriptNonces(): Promise<(string | undefined)[]> {
    return this.page.evaluate(() => [...document.scripts].filter((s) => !s.src).map((s) => s.nonce));
  }

  async screenshot(name: string) {
    await keepScreenshot(this.page, this.testInfo, name);
  }

  /** The ids of the serious or critical axe violations on the whole page. */
  async seriousAxeViolations(): Promise<string[]> {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  }
}
