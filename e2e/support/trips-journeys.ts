import { expect, type Page, type TestInfo } from '@playwright/test';
import { AuthDriver, type DemoUsername } from './auth-driver';
import { TripsDriver } from './trips-driver';

/**
 * The trip journeys the desktop and phone specs share (trips*.spec.ts and trips*.phone.spec.ts): each project runs
 * them at its own size and keeps only what differs by size.
 */

/** Someone signed in (by requests: the sign-in pages have journeys of their own) on My trips, ready to plan trips. */
export async function signedIn(page: Page, testInfo: TestInfo, username: DemoUsername = 'traveler') {
  const auth = new AuthDriver(page, testInfo);
  await auth.signInByRequests(username, '/trips');
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

/**
 * A visitor of a read-only trip plans its overnights and finds places along it, and opens one; making a place a stop
 * is for those who may edit the trip.
 */
export async function findAlongReadOnly(visitor: TripsDriver, screenshot: string) {
  await visitor.planOvernights(1);
  expect(await visitor.overnightDays.count()).toBeGreaterThan(1);
  await expect(visitor.page.getByTestId('overnight-planner')).toContainText('Places to stay nearby');
  await expect(visitor.page.getByRole('button', { name: /^Stay here/ })).toHaveCount(0);
  await visitor.searchAlong({ km: 5 });
  const first = visitor.alongSection.getByTestId('along-result').first();
  await expect(first).toBeVisible();
  await expect(visitor.alongSection.getByRole('button', { name: /^Add after/ })).toHaveCount(0);
  await visitor.openAlongResult(Number(await first.getAttribute('data-place-id')));
  await expect(visitor.drawer.getByTestId('along-place-action')).toHaveCount(0);
  await visitor.screenshot(screenshot);
  expect(await visitor.seriousAxeViolations()).toEqual([]);
  await visitor.closeDrawer();
}

/** Every distance of the trip page is in the units given: the whole trip's and each leg's, measured on the demo roads. */
export async function expectDistancesIn(trips: TripsDriver, units: 'km' | 'mi') {
  await expect(trips.tripDistance).toHaveText(new RegExp(`^[\\d,.]+ ${units}$`));
  await expect(trips.legs.first()).toContainText(new RegExp(`\\d ${units} · `));
}

/** The road trip of issue 40 (trip-plans.ts), planned at up to 6 hours a day: its days and days of rest. */
export async function planRoadTripOvernights(trips: TripsDriver) {
  await trips.planOvernights(6);
  await expect(trips.overnightLimit).toHaveText('3 driving days at up to 6 h a day, and 5 days at stops without driving: 8 nights.');
}

/** Denver to Moab, the demo roads' low bridge (3.6 m) on the way. */
export const DENVER_TO_MOAB = [
  { name: 'Denver', lon: -104.9847, lat: 39.73915 },
  { name: 'Moab', lon: -109.54984, lat: 38.57332 },
];

/**
 * A trip on the demo roads: a car passes under the low bridge; a class A motorhome goes around it and the leg says
 * so; figures no road vehicle has are refused with the sentence of the limit.
 */
export async function routeAClassAAroundTheLowBridge(trips: TripsDriver) {
  await trips.inKilometres();
  await trips.givenTrip('Canyon country by road', DENVER_TO_MOAB);
  await expect(trips.totals).toContainText('Roads: Demo roads (generated).');
  await expect(trips.vehicleSummary).toHaveText('Car: 1.5 m high, 1.8 m wide, 4.6 m long, 1.6 t');
  await expect(trips.legNotes).toHaveCount(0);
  await expect(trips.map).toHaveAttribute('data-restrictions', '0');
  await trips.chooseVehicle('Class A motorhome');
  await expect(trips.vehicleSummary).toHaveText('Class A motorhome: 3.9 m high, 2.6 m wide, 12 m long, 13 t, carrying propane');
  await expect(trips.legNotes.getByRole('listitem').first()).toHaveText('Goes around: Clearance 3.6 m, your rig is 3.9 m high (US 191 (low bridge))');
  // Issue 49: and what the way around costs over the road under the bridge.
  await expect(trips.page.getByTestId('leg-detour')).toHaveText(/^The way around adds ([\d.,]+ km and )?(\d+ h )?\d+ min\.$/);
  await expect(trips.map).toHaveAttribute('data-restrictions', '1');
  // Issue 49: the limit's label keeps clear of Moab's pin, here and a zoom level out, where the two come closer.
  expect(await trips.limitLabelPixelsUnderPin(1)).toBe(0);
  await trips.zoomMapOut();
  expect(await trips.limitLabelPixelsUnderPin(1)).toBe(0);
  const refused = await trips.tryOwnVehicleHeight('30');
  await expect(refused).toHaveText('Height must be at most 4.9 m');
  await trips.screenshot('trip-vehicle-refused');
  expect(await trips.seriousAxeViolations()).toEqual([]);
  await trips.cancelVehicleChange();
  await expect(trips.vehicleSummary).toContainText('Class A motorhome');

}

/**
 * The class A of routeAClassAAroundTheLowBridge with miles: the rig, its fuel use and the limit it goes around in
 * feet, pounds and mpg; a height past the limit refused in feet; a rig of 11'6" (typed as a sign gives it) passes
 * under the bridge again.
 */
export async function sayTheRigInFeetAndPounds(trips: TripsDriver) {
  await trips.chooseUnits('mi');
  await expect(trips.vehicleSummary).toHaveText('Class A motorhome: 12 ft 10 in high, 8 ft 6 in wide, 39 ft 4 in long, 28,660 lb, carrying propane');
  await expect(trips.fuel).toContainText(/^Fuel: about \d+ gal at 7.8 mpg/);
  await expect(trips.legNotes.getByRole('listitem').first()).toHaveText('Goes around: Clearance 11 ft 10 in, your rig is 12 ft 10 in high (US 191 (low bridge))');
  await expect(trips.page.getByTestId('leg-detour')).toHaveText(/^The way around adds ([\d.,]+ mi and )?(\d+ h )?\d+ min\.$/);
  await expect(await trips.tryOwnVehicleHeight('16.5', 'ft')).toHaveText('Height must be at most 16 ft');
  await trips.screenshot('trip-vehicle-feet');
  expect(await trips.seriousAxeViolations()).toEqual([]);
  await trips.cancelVehicleChange();
  await expect(await trips.tryOwnVehicleHeight(`11'6"`, 'ft')).toHaveCount(0);
  await expect(trips.vehicleSummary).toHaveText('My vehicle: 11 ft 6 in high, 8 ft 6 in wide, 39 ft 4 in long, 28,660 lb, carrying propane');
  await expect(trips.legNotes).toHaveCount(0);
  await expect(trips.map).toHaveAttribute('data-restrictions', '0');
}
