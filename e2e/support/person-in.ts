import type { Browser, Page, TestInfo } from '@playwright/test';
import { AuthDriver, type DemoUsername } from './auth-driver';
import { ExplorerDriver } from './explorer-driver';

/** A browser of its own for another person, at the same size as `page`, signed in (by requests) on the home page. */
export async function personIn(browser: Browser, page: Page, testInfo: TestInfo, username: DemoUsername) {
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: testInfo.project.use.isMobile, hasTouch: testInfo.project.use.hasTouch });
  const other = await context.newPage();
  const auth = new AuthDriver(other, testInfo);
  await auth.signInByRequests(username);
  return { context, page: other, auth, explorer: new ExplorerDriver(other, testInfo) };
}
