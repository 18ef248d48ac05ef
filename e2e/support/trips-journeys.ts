import { expect, type Page, type TestInfo } from '@playwright/test';
import { AuthDriver, type DemoUsername } from './auth-driver';
import { TripsDriver } from './trips-driver';

/**
 * The trip journeys the desktop and phone specs share (trips*.spec.ts and trips*.phone.spec.ts): each project runs
 * them at its own size and keeps only what differs by size.
 */

/** Someone signed in from the home page, ready to plan trips. */
export async function signedIn(page: Page, testInfo: TestInfo, username: DemoUsername = 'traveler') {
  const auth = new AuthDriver(page, testInfo);
  await auth.openHome();
  await auth.signInAs(username);
  return { auth, trips: new TripsDriver(page, testInfo) };
}

/** A visitor without an account, on a read-only link: the stops in order, nothing to move, an offer to sign in. */
export async function expectReadOnlyTrip(visitor: TripsDriver, names: string[], screenshot: string) {
  await expect(visitor.sharedBanner).toBeVisible();
  expect(await visitor.names()).toEqual(names);
  await expect(visitor.handles).toHaveCount(0);
  await expect(visitor.signInButton).toBeVisible();
  await visitor.screenshot(screenshot);
  expect(await visitor.seriousAxeViolations()).toEqual([]);
}

/** Every distance of the trip page is in the units given: the whole trip's and each leg's. */
export async function expectDistancesIn(trips: TripsDriver, units: 'km' | 'mi') {
  await expect(trips.tripDistance).toHaveText(new RegExp(`^[\\d,.]+ ${units} in straight lines$`));
  await expect(trips.legs.first()).toContainText(new RegExp(`\\d ${units} · `));
}

/** The road trip of issue 40 (trip-plans.ts), planned at up to 6 hours a day: its days and days of rest. */
export async function planRoadTripOvernights(trips: TripsDriver) {
  await trips.planOvernights(6);
  await expect(trips.overnightLimit).toHaveText('3 driving days at up to 6 h a day, and 5 days at stops without driving: 8 nights.');
}
