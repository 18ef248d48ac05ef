// Issue 40 on a phone: the trip's units switch, a stop's plan and town on its card, Undo after Remove, and the
// overnight plan's days at stops, in the narrow panel under the map.
import { expect, test } from '@playwright/test';
import { AuthDriver } from './support/auth-driver';
import { TripsDriver } from './support/trips-driver';
import { givenPlannedTrip, ROAD_TRIP } from './support/trip-plans';

test.use({ locale: 'en-US' });

test('on a phone, a traveler reads the trip in miles or km, sees each stop’s plan, undoes a removal and plans the days', async ({ page }, testInfo) => {
  test.slow();
  const auth = new AuthDriver(page, testInfo);
  await auth.openHome();
  await auth.signInAs('traveler');
  const trips = new TripsDriver(page, testInfo);
  await givenPlannedTrip(trips, 'Canyon country', ROAD_TRIP);

  await expect(page.getByTestId('trip-distance')).toHaveText(/ mi in straight lines$/);
  await expect(trips.legs.first()).toContainText(/\d mi · /);
  const units = page.getByTestId('units-switch');
  await expect(units).toBeInViewport();
  await expect(trips.stops.nth(1).getByTestId('trip-stop-plan')).toHaveText('No arrival date · 3 nights');
  await expect(trips.stops.nth(1).getByTestId('trip-stop-where')).toHaveText(/^Your point · 38\.5733, -109\.5498$/);
  await trips.screenshot('trip-units-phone');
  expect(await trips.seriousAxeViolations()).toEqual([]);

  await units.getByText('km', { exact: true }).tap();
  await expect(page.getByTestId('trip-distance')).toHaveText(/ km in straight lines$/);

  const removed = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/trips/'));
  await trips.stops.nth(2).getByRole('button', { name: /^Remove/ }).tap();
  expect((await removed).status()).toBe(200);
  const notice = page.getByTestId('stop-removed');
  await expect(notice).toContainText('Removed Springdale.');
  await notice.scrollIntoViewIfNeeded();
  await trips.screenshot('trip-stop-removed-phone');
  const restored = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/trips/'));
  await notice.getByRole('button', { name: /^Undo/ }).tap();
  expect((await restored).status()).toBe(200);
  await expect.poll(() => trips.names()).toEqual(['Denver', 'Moab', 'Springdale', 'Las Vegas']);

  await trips.planOvernights(6);
  await expect(page.getByTestId('overnight-limit')).toHaveText('3 driving days at up to 6 h a day, and 5 days at stops without driving: 8 nights.');
  await page.getByTestId('overnight-days').scrollIntoViewIfNeeded();
  await trips.screenshot('trip-overnights-phone');
});
