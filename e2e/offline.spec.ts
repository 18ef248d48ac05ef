// Issue 38: the app works with no signal. A trip kept offline opens from a cold start with its map, places and
// drawer; edits made offline reach the server when the connection returns; a teammate's change made meanwhile shows
// both versions; signing out clears the device; the Explorer opens offline with the last results it showed.
import { expect, test } from '@playwright/test';
import { DENSE_CIRCLE } from './fixtures/areas';
import { AuthDriver } from './support/auth-driver';
import { ExplorerDriver } from './support/explorer-driver';
import { OfflineDriver } from './support/offline-driver';
import { keptTripJourney } from './support/offline-journeys';
import { TripsDriver } from './support/trips-driver';
import { signedIn } from './support/trips-journeys';

test.use({ serviceWorkers: 'allow' });

const PACIFIC: Array<{ name: string; lon: number; lat: number }> = [
  { name: 'Portland', lon: -122.6765, lat: 45.5231 },
  { name: 'Salem', lon: -123.0351, lat: 44.9429 },
  { name: 'Eugene', lon: -123.0868, lat: 44.0521 },
];

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
    // A dealer keeps a trip shared with Summit RV offline,
    const { auth, trips } = await signedIn(page, testInfo, 'dealer');
    const device = new OfflineDriver(page);
    const name = `Pacific run ${testInfo.project.name}`;
    const tripId = await trips.givenTrip(name, PACIFIC);
    await trips.shareWithOrganization('Summit RV Dealers Group');
    await device.waitForServiceWorker();
    await device.keepOffline();

    // renames it with no connection,
    await device.goOffline();
    await device.renameOffline('Dealer’s plan');
    await expect(device.pendingEdits).toHaveText('1 edit made offline waiting to be sent.');

    // while an administrator of Summit RV renames it too, in a browser of their own.
    const admin = await TripsDriver.signedOut(browser, testInfo, { viewport: trips.windowSize() });
    const adminAuth = new AuthDriver(admin.page, testInfo);
    await adminAuth.openHome();
    await adminAuth.signInAs('admin');
    await admin.openTrip(tripId);
    await admin.rename('Administrator’s plan');
    await admin.close();

    // Back online, the dealer sees both versions and chooses.
    await device.goOnline();
    await expect(device.conflict).toBeVisible();
    await expect(device.conflict.getByTestId('version-mine')).toContainText('Dealer’s plan');
    await expect(device.conflict.getByTestId('version-theirs')).toContainText('Administrator’s plan');
    await expect(device.pendingEdits).toHaveText('1 edit made offline waiting to be sent.');
    await trips.screenshot('offline-conflict');
    expect(await trips.seriousAxeViolations()).toEqual([]);

    // Signing out with an edit still waiting asks first; saying no keeps everything.
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await auth.openAccountMenu();
    await auth.signOutButton.click();
    await expect.poll(() => questions.length).toBe(1);
    expect(questions[0]).toContain('1 edit made offline have not been sent yet');
    expect(await device.deviceRecords()).toMatchObject({ kept: 1, queued: 1 });
    await page.keyboard.press('Escape');

    const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/trips/${tripId}`));
    await device.conflict.getByRole('button', { name: 'Keep my version' }).click();
    expect((await saved).status()).toBe(200);
    await expect(device.conflict).toBeHidden();
    await expect(page.getByTestId('trip-name')).toHaveText('Dealer’s plan');
    expect(((await (await page.request.get(`/api/trips/${tripId}`)).json()) as { trip: { name: string } }).trip.name).toBe('Dealer’s plan');

    // Signing out now asks nothing, and leaves nothing of the dealer's on the device.
    await auth.signOutEverywhere();
    // (The Explorer's page the sign-out ends on is kept again, signed out.)
    expect(await device.deviceRecords()).toEqual({ kept: 0, queued: 0, personalCaches: [expect.stringMatching(/^trip-explorer-pages-/)] });
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
