import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import { DENSE_CENTER } from '../fixtures/areas';
import { apiSearch } from '../fixtures/places-api';
import { AuthDriver } from './auth-driver';
import { OfflineDriver } from './offline-driver';
import { TripsDriver } from './trips-driver';
import { signedIn } from './trips-journeys';

export const PACIFIC: Array<{ name: string; lon: number; lat: number }> = [
  { name: 'Portland', lon: -122.6765, lat: 45.5231 },
  { name: 'Salem', lon: -123.0351, lat: 44.9429 },
  { name: 'Eugene', lon: -123.0868, lat: 44.0521 },
];

interface TripJson {
  trip: { name: string; version: number; stops: Array<{ nights: number }> };
}

/**
 * Issue 38's journey: a traveler keeps a trip of three New York places (and the places found along it) offline,
 * loses the connection, opens the app again from nothing, walks the trip (map, list, a place's drawer), edits it,
 * and the edits reach the server, in order, when the connection returns.
 */
export async function keptTripJourney(page: Page, testInfo: TestInfo) {
  const { trips } = await signedIn(page, testInfo);
  const device = new OfflineDriver(page);
  const found = (await apiSearch(`center=${DENSE_CENTER}&radius=30000&sort=distance&limit=3`)).data;
  const name = `Offline in New York ${testInfo.project.name}`;
  const tripId = await trips.givenPlaceTrip(name, found.map((p) => p.id));
  const names = await trips.names();
  await device.waitForServiceWorker();
  await trips.searchAlong();
  const alongName = (await trips.alongSection.getByTestId('along-name').first().innerText()).trim();

  await device.keepOffline();
  await trips.screenshot('offline-kept');
  const version = ((await (await page.request.get(`/api/trips/${tripId}`)).json()) as TripJson).trip.version;

  // A cold start with no connection: a new tab of the installed app, at My trips, then the trip.
  await device.goOffline();
  const cold = await page.context().newPage();
  const coldDevice = new OfflineDriver(cold);
  await cold.goto('/trips');
  await expect(cold.getByRole('heading', { name: 'My trips' })).toBeVisible();
  await coldDevice.keptTripList.getByRole('link', { name }).click();
  await expect(cold.getByTestId('trip-name')).toHaveText(name);
  await cold.close();

  // The trip page itself, reloaded offline: map, stops, warnings and the drawer of a place found along it.
  await trips.reload();
  await trips.waitForMap();
  await expect(device.banner).toContainText('You are offline.');
  expect(await trips.names()).toEqual(names);
  await device.alongOffline.getByRole('button', { name: alongName }).first().click();
  await expect(trips.drawer).toBeVisible();
  await expect(trips.drawer.getByRole('heading', { level: 2 })).toContainText(alongName);
  await trips.screenshot('offline-trip-drawer');
  expect(await trips.seriousAxeViolations()).toEqual([]);
  await trips.closeDrawer();
  await expect(page.getByTestId('needs-connection').first()).toBeVisible();

  // Edits offline wait on the device, survive a reload, and are sent in order when the connection returns.
  await device.renameOffline(`${name} (edited offline)`);
  await device.planNightsOffline(1, 2);
  await expect(device.pendingEdits).toHaveText('2 edits made offline waiting to be sent.');
  await trips.reload();
  await expect(page.getByTestId('trip-name')).toHaveText(`${name} (edited offline)`);
  await expect(device.pendingEdits).toHaveText('2 edits made offline waiting to be sent.');
  await trips.screenshot('offline-edits-waiting');

  const sent = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith(`/api/trips/${tripId}`));
  await device.goOnline();
  expect((await sent).status()).toBe(200);
  await expect(device.banner).toBeHidden();
  // The offline page gives way to the trip's own once the edits are sent (issue 49: "Offline" stayed in the header,
  // without the account menu, until a reload).
  await expect(page.getByRole('banner').getByText('Offline', { exact: true })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: /Tess Traveler|Account menu/ })).toBeVisible();
  await expect(page.getByTestId('trip-name')).toHaveText(`${name} (edited offline)`);
  const saved = ((await (await page.request.get(`/api/trips/${tripId}`)).json()) as TripJson).trip;
  expect(saved.name).toBe(`${name} (edited offline)`);
  expect(saved.stops[1].nights).toBe(2);
  expect(saved.version).toBe(version + 2);
  return { trips, device, tripId };
}

/**
 * A dealer edits a trip shared with Summit RV offline while its administrator renames it in a browser of their own:
 * back online, both versions show; Sign out asks first while the edit waits; "Keep my version" wins; Sign out then
 * leaves nothing of the dealer's on the device.
 */
export async function teammateConflictJourney(page: Page, browser: Browser, testInfo: TestInfo) {
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
  await adminAuth.signInByRequests('admin', '/trips');
  await admin.openTrip(tripId);
  await admin.rename('Administrator’s plan');
  await admin.planStop(PACIFIC.length - 1, { note: 'Meet the service writer at 9' });
  await admin.close();

  // Back online, scrolled down to the last stop, the dealer is shown both versions (issue 49: out of view before),
  await trips.stops.last().scrollIntoViewIfNeeded();
  await device.goOnline();
  await expect(device.conflict).toBeVisible();
  await expect(device.conflict).toBeInViewport();
  await expect(device.conflict).toBeFocused();
  // the stop the administrator changed is marked where the dealer was, with a way back to the choice,
  const mark = trips.stops.last().getByTestId('stop-conflict');
  await expect(mark).toHaveText('This stop is not the same on the server, and your edits are not saved yet: choose a version');
  await expect(trips.stops.first().getByTestId('stop-conflict')).toHaveCount(0);
  await mark.scrollIntoViewIfNeeded();
  await trips.screenshot('offline-conflict-stop-mark');
  await mark.getByRole('link', { name: 'choose a version' }).click();
  await expect(device.conflict).toBeInViewport();
  await expect(device.conflict).toBeFocused();
  // and chooses.
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
  await expect(trips.page.getByTestId('stop-conflict')).toHaveCount(0);
  await expect(page.getByTestId('trip-name')).toHaveText('Dealer’s plan');
  expect(((await (await page.request.get(`/api/trips/${tripId}`)).json()) as { trip: { name: string } }).trip.name).toBe('Dealer’s plan');

  // Signing out now asks nothing, and leaves nothing of the dealer's on the device.
  await auth.signOutEverywhere();
  // (The Explorer's page the sign-out ends on is kept again, signed out.)
  expect(await device.deviceRecords()).toEqual({ kept: 0, queued: 0, personalCaches: [expect.stringMatching(/^trip-explorer-pages-/)] });
}
