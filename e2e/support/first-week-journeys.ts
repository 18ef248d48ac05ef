// Issue 49: a retired couple's first week planning Denver → Moab → Zion → the Grand Canyon → Las Vegas in a class A,
// on a desktop and on a phone. Each journey is one of the trip-ups they met, replayed after its fix.
import { expect, type Page, type TestInfo } from '@playwright/test';
import { OfflineDriver } from './offline-driver';
import type { PlannedStop, TripsDriver } from './trips-driver';
import { signedIn } from './trips-journeys';

export const PARKS_TRIP: PlannedStop[] = [
  { name: 'Denver', lon: -104.9903, lat: 39.7392 },
  { name: 'Moab', lon: -109.5498, lat: 38.5733 },
  { name: 'Springdale', lon: -112.9986, lat: 37.1889 },
  { name: 'Grand Canyon Village', lon: -112.1401, lat: 36.0544 },
  { name: 'Las Vegas', lon: -115.1398, lat: 36.1699 },
];

/** Every error the page reports, in its console or uncaught. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Signed in as the demo traveler, the parks trip made and opened. */
export async function theParksTrip(page: Page, testInfo: TestInfo): Promise<{ trips: TripsDriver; id: string }> {
  const { trips } = await signedIn(page, testInfo);
  const id = await trips.givenTrip('National parks', PARKS_TRIP);
  return { trips, id };
}

/**
 * The trip page as the server draws it and as the browser takes it over: the same page, so React reports no
 * hydration mismatch (error #418), whatever the browser's time zone and language.
 */
export async function openTheTripWithoutAHydrationMismatch(trips: TripsDriver, id: string) {
  const errors = pageErrors(trips.page);
  await trips.openTrip(id);
  await expect(trips.page.getByTestId('keep-offline')).toBeVisible();
  expect(errors.filter((e) => /#418|#423|#425|hydrat/i.test(e))).toEqual([]);
}

/** "Keep offline" says when the trip was kept to the minute, in the traveler's time zone: no seconds. */
export async function keepTheTripAndSeeWhenToTheMinute(trips: TripsDriver) {
  const offline = new OfflineDriver(trips.page);
  await offline.keepOffline();
  const status = (await offline.keptStatus.textContent()) ?? '';
  expect(status).toMatch(/\d{1,2}:\d{2}\s?(AM|PM)?\s?\S*\.$/);
  expect(status).not.toMatch(/\d{1,2}:\d{2}:\d{2}/);
}
