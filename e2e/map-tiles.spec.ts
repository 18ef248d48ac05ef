import { devices, expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { AuthDriver } from './support/auth-driver';
import { OfflineDriver } from './support/offline-driver';
import { ExplorerDriver } from './support/explorer-driver';
import { test } from './support/map-tiles';
import { TripsDriver } from './support/trips-driver';
import { leavePages } from './support/leave-pages';

test.afterEach(({ context }) => leavePages(context));

const tileAnswered = (page: Page, zooms: RegExp) => page.waitForResponse((r) => zooms.test(r.url()) && r.status() === 200);

/** The Explorer credits our map in the page's HTML under it (an "i" on a phone), a trip's map in maplibre's control. */
async function expectMapCredit(page: Page) {
  const attribution = page.locator('.maplibregl-ctrl-attrib-inner, [data-testid="map-attribution"], [data-testid="map-attribution-compact"]');
  await expect(attribution.filter({ hasText: '© OpenMapTiles' }).first()).toContainText('© OpenStreetMap contributors');
}

/** Downtown Vancouver in the Explorer: the map's own tiles drawn (streets, water, parks), with their credit. */
async function lookAtVancouver(page: Page, testInfo: TestInfo, size: string) {
  const explorer = new ExplorerDriver(page, testInfo);
  const streets = tileAnswered(page, /\/tiles\/1[2-4]\/\d+\/\d+\.pbf\?v=[\w-]+$/);
  await explorer.openExplorer('circle=-123.1207,49.2827,1500');
  expect((await streets).headers()['content-type']).toBe('application/vnd.mapbox-vector-tile');
  await expectMapCredit(page);
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  await explorer.screenshot(`map-tiles-vancouver-${size}`);
}

/** A trip across downtown, routed on Vancouver's own streets and drawn over its map; its id. */
async function tripAcrossVancouver(page: Page, testInfo: TestInfo, dataDir: string, size: string, { offline = false } = {}): Promise<TripsDriver> {
  const auth = new AuthDriver(page, testInfo, dataDir);
  await auth.openHome('?circle=-123.1207,49.2827,1500');
  await auth.signInAs('traveler');
  // The trip's page opens under the service worker, which keeps the map's tiles for it offline.
  if (offline) await new OfflineDriver(page).waitForServiceWorker();
  const trips = new TripsDriver(page, testInfo);
  const tiles = tileAnswered(page, /\/tiles\/1[2-4]\/\d+\/\d+\.pbf\?v=[\w-]+$/);
  await trips.givenTrip(`Across Vancouver (${size})`, [
    { name: 'Canada Place', lon: -123.1116, lat: 49.2888 },
    { name: 'Science World', lon: -123.1036, lat: 49.2734 },
  ]);
  await tiles;
  await expect(trips.totals).toContainText(/Roads: Vancouver, imported \d{4}-\d{2}-\d{2}/);
  await expectMapCredit(page);
  expect(await trips.seriousAxeViolations()).toEqual([]);
  await trips.screenshot(`map-tiles-trip-${size}`);
  return trips;
}

/**
 * The trip kept offline with the map along its route (its size said first), then opened again with no connection:
 * its streets drawn from the tiles kept on the device.
 */
async function keepTheMapOffline(page: Page, testInfo: TestInfo, dataDir: string, size: string) {
  const trips = await tripAcrossVancouver(page, testInfo, dataDir, `${size}, kept`, { offline: true });
  const device = new OfflineDriver(page);
  await expect(page.getByTestId('kept-map-plan')).toHaveText(/^The map along the route: about [\d.]+ (KB|MB) \([\d,]+ tiles, at most 60\.0 MB a trip\)\.$/);
  await device.keepOffline();
  await device.goOffline();
  const keptTile = page.waitForResponse((r) => /\/tiles\/1[2-4]\/\d+\/\d+\.pbf\?v=[\w-]+$/.test(r.url()) && r.status() === 200 && r.fromServiceWorker());
  await trips.reload();
  await trips.waitForMap();
  await keptTile;
  await expect(device.banner).toContainText('You are offline.');
  await expectMapCredit(page);
  await trips.screenshot(`map-tiles-trip-offline-${size}`);
  await device.goOnline();
}

async function inPhoneContext(browser: Browser, baseURL: string | undefined, journey: (page: Page) => Promise<void>, serviceWorkers: 'allow' | 'block' = 'block') {
  const phone = await browser.newContext({ ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, baseURL, serviceWorkers, reducedMotion: 'reduce' });
  try {
    await journey(await phone.newPage());
  } finally {
    await leavePages(phone);
    await phone.close();
  }
}

// One server for both sizes (its map and roads made once): the phone's journeys run in a phone's context of the same browser.
test.describe('a map imported from the Vancouver extract', () => {
  test('the Explorer draws it at desktop and phone size, credited to OpenMapTiles and OpenStreetMap', async ({ page, browser, baseURL }, testInfo) => {
    await lookAtVancouver(page, testInfo, 'desktop');
    await inPhoneContext(browser, baseURL, (phone) => lookAtVancouver(phone, testInfo, 'phone'));
  });

  test('a trip across the city follows its streets over it, at desktop and phone size', async ({ page, browser, baseURL, mapServer }, testInfo) => {
    await tripAcrossVancouver(page, testInfo, mapServer.dataDir, 'desktop');
    await inPhoneContext(browser, baseURL, async (phone) => void (await tripAcrossVancouver(phone, testInfo, mapServer.dataDir, 'phone')));
  });

  test.describe('offline', () => {
    test.use({ serviceWorkers: 'allow' });
    test('a trip kept offline keeps the map along its route, and opens with its streets with no connection, at desktop and phone size', async ({ page, browser, baseURL, mapServer }, testInfo) => {
      test.slow();
      await keepTheMapOffline(page, testInfo, mapServer.dataDir, 'desktop');
      await inPhoneContext(browser, baseURL, (phone) => keepTheMapOffline(phone, testInfo, mapServer.dataDir, 'phone'), 'allow');
    });
  });
});
