import { type Browser, expect, test } from '@playwright/test';
import { chromiumArgs } from '../playwright.config';
import { ExplorerDriver } from './support/explorer-driver';
import { watchForMaplibre } from './support/maplibre-watch';
import { keepScreenshot } from './support/screenshots';
import { signedIn } from './support/trips-journeys';

test.describe('with WebGL', () => {
  test('the Explorer downloads maplibre and draws the map (the control for the case below)', async ({ page }, testInfo) => {
    const maplibre = watchForMaplibre(page);
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer();
    expect(await maplibre.loadedSoFar()).toBe(true);
    await expect(explorer.mapUnavailable).toHaveCount(0);
    // The page's early check found WebGL once; the map's start read that answer.
    await expect(explorer.webGlCheck).toHaveAttribute('data-webgl2', 'yes');
  });

  test('before the page\'s scripts have run, the map slot says the map is loading, not that it cannot be shown', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.blockPageScripts();
    await explorer.visit();
    await expect(explorer.webGlCheck).toHaveAttribute('data-webgl2', 'yes');
    await expect(explorer.mapLoading).toBeVisible();
    await expect(explorer.mapUnavailable).toBeHidden();
    await expect(explorer.circleTool).toBeVisible();
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
      const explorer = new ExplorerDriver(page, testInfo);
      await explorer.resizeWindow(size);
      const maplibre = watchForMaplibre(page);
      await explorer.visit();
      const note = explorer.mapUnavailable;
      await expect(note).toBeVisible();
      await expect(note).toContainText('The map cannot be shown in this browser');
      await expect(explorer.mapLoading).toHaveCount(0);
      // No drawing tools that cannot draw; Clear stays for an area set in the panel.
      for (const name of ['Circle', 'Box', 'Move', 'Search this area']) await expect(explorer.areaTool(name)).toBeHidden();
      await expect(explorer.areaTool('Clear the search area')).toBeVisible();
      await explorer.screenshotWhileTheMapLoads(`no-webgl-explorer-${size.name}`);
      // The skip link to the map lands on the note.
      await explorer.pressKey('Tab');
      await explorer.pressKey('Tab');
      await expect(explorer.skipToMap).toBeFocused();
      await explorer.pressKey('Enter');
      await expect(note).toBeFocused();

      // The list is the server's, and a place still opens in the drawer.
      const cards = explorer.resultButtons;
      await expect(cards.first()).toBeVisible();
      await cards.first().click();
      await expect(explorer.drawer).toBeVisible();
      await explorer.pressKey('Escape');

      expect(await explorer.seriousAxeViolations()).toEqual([]);
      expect(await maplibre.loadedOnceIdle()).toBe(false);
    });
  }

  withoutWebGL('the note shows before the page\'s scripts have loaded: the first HTML\'s own check reveals it', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.blockPageScripts();
    await explorer.visit();
    await expect(explorer.webGlCheck).toHaveAttribute('data-webgl2', 'no');
    const note = explorer.mapUnavailable;
    await expect(note).toBeVisible();
    await expect(note).toContainText('The map cannot be shown in this browser');
    await expect(explorer.mapLoading).toBeHidden();
    await expect(explorer.circleTool).toBeHidden();
    await expect(explorer.resultButtons.first()).toBeVisible();
    await explorer.screenshotWhileTheMapLoads('no-webgl-before-hydration');
  });

  withoutWebGL('reached by a link from another page (no new HTML), the Explorer says the same', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.arriveFromTheApiReference();
    await expect(explorer.mapUnavailable).toBeVisible();
    await expect(explorer.circleTool).toBeHidden();
    await expect(explorer.webGlCheck).toHaveAttribute('data-webgl2', 'no');
  });

  withoutWebGL('a trip page says why there is no map and keeps its stops', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    const maplibre = watchForMaplibre(page);
    const id = await trips.createTrip('Without a map', [{ name: 'Philadelphia', lon: -75.1652, lat: 39.9526 }, { name: 'Baltimore', lon: -76.6122, lat: 39.2904 }]);
    await trips.visitTrip(id);
    await expect(trips.mapUnavailable).toContainText('type a point’s coordinates to add it');
    await expect(trips.stopNames.filter({ hasText: 'Baltimore' }).first()).toBeVisible();
    await keepScreenshot(page, testInfo, 'no-webgl-trip');
    expect(await trips.seriousAxeViolations()).toEqual([]);
    expect(await maplibre.loadedOnceIdle()).toBe(false);
  });
});
