import { type Browser, expect, test, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import { AuthDriver } from './support/auth-driver';
import { ExplorerDriver } from './support/explorer-driver';
import { keepScreenshot } from './support/screenshots';
import { TripsDriver } from './support/trips-driver';

/** A string only maplibre's own code holds (the names of its worker files). */
const MAPLIBRE_MARK = 'maplibre-gl-worker';

/** Whether any script the page has loaded so far is maplibre. */
function watchForMaplibre(page: Page): () => Promise<boolean> {
  const bodies: Promise<string>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') bodies.push(res.text().catch(() => ''));
  });
  return async () => (await Promise.all(bodies)).some((body) => body.includes(MAPLIBRE_MARK));
}

test.describe('with WebGL', () => {
  test('the Explorer downloads maplibre and draws the map (the control for the case below)', async ({ page }, testInfo) => {
    const loadedMaplibre = watchForMaplibre(page);
    await new ExplorerDriver(page, testInfo).openExplorer();
    expect(await loadedMaplibre()).toBe(true);
    await expect(page.getByTestId('map-unavailable')).toHaveCount(0);
    // The page's early check found WebGL once; the map's start read that answer.
    await expect(page.locator('html')).toHaveAttribute('data-webgl2', 'yes');
  });

  test('before the page\'s scripts have run, the map slot says the map is loading, not that it cannot be shown', async ({ page }) => {
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-webgl2', 'yes');
    await expect(page.getByTestId('map-loading')).toBeVisible();
    await expect(page.getByTestId('map-unavailable')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Circle' })).toBeVisible();
  });
});

/** The same Chromium with WebGL turned off, as some browsers, policies and remote desktops have it. */
const withoutWebGL = test.extend<object, { browserWithoutWebGL: Browser }>({
  browserWithoutWebGL: [
    async ({ playwright }, provide) => {
      const browser = await playwright.chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: [...chromiumArgs, '--disable-3d-apis', '--disable-webgl'] });
      await provide(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ browserWithoutWebGL, baseURL }, provide) => {
    const context = await browserWithoutWebGL.newContext({ baseURL });
    await provide(context);
    await context.close();
  },
});

withoutWebGL.describe('in a browser without WebGL', () => {

  for (const size of [{ name: 'desktop', width: 1440, height: 900 }, { name: 'phone', width: 390, height: 844 }]) {
    withoutWebGL(`the Explorer says why there is no map, never downloads maplibre, and its list still works (${size.name})`, async ({ page }, testInfo) => {
      await page.setViewportSize(size);
      const loadedMaplibre = watchForMaplibre(page);
      await page.goto('/');
      const note = page.getByTestId('map-unavailable');
      await expect(note).toBeVisible();
      await expect(note).toContainText('The map cannot be shown in this browser');
      await expect(page.getByTestId('map-loading')).toHaveCount(0);
      // No drawing tools that cannot draw; Clear stays for an area set in the panel.
      const tools = page.getByRole('toolbar', { name: 'Search area tools' });
      for (const name of ['Circle', 'Box', 'Move', 'Search this area']) await expect(tools.getByRole('button', { name })).toBeHidden();
      await expect(tools.getByRole('button', { name: 'Clear the search area' })).toBeVisible();
      await keepScreenshot(page, testInfo, `no-webgl-explorer-${size.name}`);
      // The skip link to the map lands on the note.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Skip to the map' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(note).toBeFocused();

      // The list is the server's, and a place still opens in the drawer.
      const cards = page.getByTestId('results-list').locator('button[data-place-id]');
      await expect(cards.first()).toBeVisible();
      await cards.first().click();
      await expect(page.getByTestId('place-drawer')).toBeVisible();
      await page.keyboard.press('Escape');

      expect(await new ExplorerDriver(page, testInfo).seriousAxeViolations()).toEqual([]);
      await page.waitForLoadState('networkidle');
      expect(await loadedMaplibre()).toBe(false);
    });
  }

  withoutWebGL('the note shows before the page\'s scripts have loaded: the first HTML\'s own check reveals it', async ({ page }, testInfo) => {
    await page.route('**/_next/static/**/*.js', (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-webgl2', 'no');
    const note = page.getByTestId('map-unavailable');
    await expect(note).toBeVisible();
    await expect(note).toContainText('The map cannot be shown in this browser');
    await expect(page.getByTestId('map-loading')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Circle' })).toBeHidden();
    await expect(page.getByTestId('results-list').locator('button[data-place-id]').first()).toBeVisible();
    await keepScreenshot(page, testInfo, 'no-webgl-before-hydration');
  });

  withoutWebGL('reached by a link from another page (no new HTML), the Explorer says the same', async ({ page }) => {
    await page.goto('/docs/api');
    await page.getByRole('link', { name: 'Trip Explorer' }).click();
    await expect(page.getByTestId('map-unavailable')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Circle' })).toBeHidden();
    await expect(page.locator('html')).toHaveAttribute('data-webgl2', 'no');
  });

  withoutWebGL('a trip page says why there is no map and keeps its stops', async ({ page }, testInfo) => {
    const auth = new AuthDriver(page, testInfo);
    await auth.openHome();
    await auth.signInAs('traveler');
    const loadedMaplibre = watchForMaplibre(page);
    const created = await page.request.post('/api/trips', {
      data: { name: 'Without a map', stops: [{ kind: 'custom', name: 'Philadelphia', lon: -75.1652, lat: 39.9526 }, { kind: 'custom', name: 'Baltimore', lon: -76.6122, lat: 39.2904 }] },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { trip: { id: string } }).trip.id;
    await page.goto(`/trips/${id}`);
    await expect(page.getByTestId('map-unavailable')).toContainText('type a point’s coordinates to add it');
    await expect(page.getByText('Baltimore').first()).toBeVisible();
    await keepScreenshot(page, testInfo, 'no-webgl-trip');
    expect(await new TripsDriver(page, testInfo).seriousAxeViolations()).toEqual([]);
    await page.waitForLoadState('networkidle');
    expect(await loadedMaplibre()).toBe(false);
  });
});
