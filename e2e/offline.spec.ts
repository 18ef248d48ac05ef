// Issue 38: the app works with no signal. A trip kept offline opens from a cold start with its map, places and
// drawer; edits made offline reach the server when the connection returns; a teammate's change made meanwhile shows
// both versions; signing out clears the device; the Explorer opens offline with the last results it showed.
import { expect, test } from '@playwright/test';
import { DENSE_CIRCLE } from './fixtures/areas';
import { ExplorerDriver } from './support/explorer-driver';
import { OfflineDriver } from './support/offline-driver';
import { keptTripJourney, PACIFIC, teammateConflictJourney } from './support/offline-journeys';
import { signedIn } from './support/trips-journeys';
import { leavePages } from './support/leave-pages';

test.afterEach(({ context }) => leavePages(context));

test.use({ serviceWorkers: 'allow' });

test.describe('offline, issue 38', () => {
  test('a trip kept offline opens from a cold start with no connection, and its offline edits sync on reconnect', async ({ page }, testInfo) => {
    test.slow();
    const { device } = await keptTripJourney(page, testInfo);
    // Kept trips are listed on My trips, with their size.
    await page.goto('/trips');
    await expect(page.getByTestId('kept-trips-section')).toContainText(/Offline in New York desktop \(edited offline\)/);
    expect((await device.deviceRecords()).kept).toBe(1);
  });

  test('a teammate’s change made meanwhile shows both versions to choose from; signing out clears the device', async ({ page, browser }, testInfo) => {
    test.slow();
    await teammateConflictJourney(page, browser, testInfo);
  });

  test('a trip deleted while its offline edits waited is saved as a new trip, so nothing typed is lost', async ({ page }, testInfo) => {
    test.slow();
    const { trips } = await signedIn(page, testInfo);
    const device = new OfflineDriver(page);
    const tripId = await trips.givenTrip(`Coast run ${testInfo.project.name}`, PACIFIC);
    await device.waitForServiceWorker();
    await device.keepOffline();
    await device.goOffline();
    await device.planNightsOffline(1, 3);
    await expect(device.pendingEdits).toHaveText('1 edit made offline waiting to be sent.');
    // Meanwhile the trip is deleted (from another device: the API, outside this page's lost connection).
    const deleted = await page.request.delete(`/api/trips/${tripId}`, { headers: { origin: new URL(page.url()).origin } });
    expect(deleted.status()).toBe(204);

    await device.goOnline();
    const refused = page.getByTestId('sync-refused');
    await expect(refused).toContainText('This trip was deleted, or is no longer shared with you, while you were offline.');
    await expect(refused.getByTestId('version-mine')).toContainText('Salem, 3 nights');
    await trips.screenshot('offline-trip-deleted');
    expect(await trips.seriousAxeViolations()).toEqual([]);
    await refused.getByRole('button', { name: 'Save my version as a new trip' }).click();
    await expect(page.getByTestId('trip-name')).toHaveText(`Coast run ${testInfo.project.name} (offline copy)`);
    expect(page.url()).not.toContain(tripId);
    await expect(trips.stops.nth(1).getByTestId('trip-stop-plan')).toHaveText('No arrival date · 3 nights');
    expect(await device.deviceRecords()).toMatchObject({ queued: 0 });
  });

  test('the Explorer opens offline with the last results it showed, and says it is offline', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    const device = new OfflineDriver(page);
    await explorer.openExplorer(DENSE_CIRCLE);
    await device.waitForServiceWorker();
    const shown = await explorer.resultsList.getByRole('listitem').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    // The page keeps what it shows once it is on the page: the next load with no connection starts from it.
    await page.reload();
    await expect(explorer.map).toHaveAttribute('data-ready', 'true');
    await device.goOffline();
    await page.reload();
    await expect(page.getByTestId('explorer-offline')).toContainText('You are offline.');
    await expect(explorer.resultsList.getByRole('listitem')).toHaveText(shown);
    await expect(explorer.map).toHaveAttribute('data-ready', 'true');
    await explorer.screenshot('offline-explorer');
    expect(await explorer.seriousAxeViolations()).toEqual([]);
  });
});
