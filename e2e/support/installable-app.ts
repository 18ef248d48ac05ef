// Issue 38: the installable app's checks, on the desktop (e2e/pwa-install.spec.ts) and on a phone
// (e2e/pwa-install.phone.spec.ts): Chrome's own install check, the worker taking control of the first visit, what it
// keeps, and what it answers with no connection.
import { expect, type APIRequestContext, type BrowserContext, type Page, type PlaywrightWorkerArgs, type TestInfo } from '@playwright/test';
import { leavePages } from './leave-pages';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Waits for the worker the page registers once idle to be active and to control the page. */
async function waitForControllingWorker(page: Page) {
  const scope = await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.scope));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null)).toBe('activated');
  return scope;
}

/** The URLs in the worker's precache, without Serwist's revision parameter. */
function precachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const precache = names.find((name) => name.includes('-precache-'));
    if (!precache) return [];
    const requests = await (await caches.open(precache)).keys();
    return requests.map((request) => {
      const url = new URL(request.url);
      url.searchParams.delete('__WB_REVISION__');
      return url.pathname + url.search;
    });
  });
}

/** The checks of the first visit, in a context whose profile Chrome can install from. */
async function checkInstallable(context: BrowserContext, request: APIRequestContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/trips');

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifestResponse = await request.get(href!);
  expect(manifestResponse.ok()).toBe(true);
  const manifest = await manifestResponse.json();
  expect(manifest).toMatchObject({ name: 'Trip Explorer', start_url: '/trips', scope: '/', display: 'standalone', id: '/' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const icons = manifest.icons as ManifestIcon[];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe('image/png');
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', manifest.theme_color);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', /apple-icon\.png/);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /icon\.svg/);

  expect(await waitForControllingWorker(page)).toBe(new URL('/', page.url()).href);

  // What Chrome checks before it offers "Install" (and Lighthouse reports): no errors once the worker is active.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  const precached = await precachedUrls(page);
  expect(precached).toContain('/maplibre-gl-worker.mjs');
  expect(precached).toContain('/icons/icon-512.png');
  expect(precached.some((url) => url.startsWith('/basemap/'))).toBe(true);
  expect(precached.some((url) => url.startsWith('/_next/static/'))).toBe(true);
  expect(precached.filter((url) => url.startsWith('/gazetteer/'))).toEqual([]);
  expect(precached).toContain('/offline');
}

/**
 * The first visit in a browser profile on disk (Chrome offers no install in an incognito window, which every test
 * context is), with the project's browser and device.
 */
export async function expectInstallableFirstVisit(playwright: PlaywrightWorkerArgs['playwright'], request: APIRequestContext, testInfo: TestInfo) {
  const { launchOptions, baseURL, viewport, isMobile, hasTouch, userAgent, deviceScaleFactor } = testInfo.project.use;
  const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...launchOptions,
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    userAgent,
    deviceScaleFactor,
  });
  try {
    await checkInstallable(context, request);
  } finally {
    await leavePages(context);
    await context.close();
  }
}

/** With no connection: the Explorer as last shown, and the offline page for a page the worker cannot reach. */
export async function expectOfflineAnswers(page: Page, context: BrowserContext) {
  await page.goto('/trips');
  await waitForControllingWorker(page);
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => caches.match('/', { ignoreSearch: true }).then((cached) => cached?.status ?? null))).toBe(200);

  await context.setOffline(true);
  const explorer = await page.goto('/?circle=-105,39.7,20000');
  expect(explorer?.fromServiceWorker()).toBe(true);
  expect(explorer?.status()).toBe(200);
  await expect(page).toHaveTitle(/Trip Explorer/);

  const response = await page.goto('/some-unknown-path');
  expect(response?.fromServiceWorker()).toBe(true);
  expect(response?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/some-unknown-path');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/offline/i);
  await context.setOffline(false);
}
