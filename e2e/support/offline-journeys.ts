import { expect, type Page, type TestInfo } from '@playwright/test';
import { DENSE_CENTER } from '../fixtures/areas';
import { apiSearch } from '../fixtures/places-api';
import { OfflineDriver } from './offline-driver';
import { signedIn } from './trips-journeys';

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
  const saved = ((await (await page.request.get(`/api/trips/${tripId}`)).json()) as TripJson).trip;
  expect(saved.name).toBe(`${name} (edited offline)`);
  expect(saved.stops[1].nights).toBe(2);
  expect(saved.version).toBe(version + 2);
  return { trips, device, tripId };
}
