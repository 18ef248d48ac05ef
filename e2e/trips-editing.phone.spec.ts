// Issue 40 on a phone: the trip's units switch, a stop's plan and town on its card, Undo after Remove, and the
// overnight plan's days at stops, in the narrow panel under the map.
import { expect, test } from '@playwright/test';
import { ROAD_TRIP } from './support/trip-plans';
import { expectDistancesIn, planRoadTripOvernights, signedIn } from './support/trips-journeys';

test.use({ locale: 'en-US' });

test('on a phone, a traveler reads the trip in miles or km, sees each stop’s plan, undoes a removal and plans the days', async ({ page }, testInfo) => {
  test.slow();
  const { trips } = await signedIn(page, testInfo);
  await trips.givenTrip('Canyon country', ROAD_TRIP);

  await expectDistancesIn(trips, 'mi');
  await expect(trips.unitsSwitch).toBeInViewport();
  await expect(trips.stops.nth(1).getByTestId('trip-stop-plan')).toHaveText('No arrival date · 3 nights');
  await expect(trips.stops.nth(1).getByTestId('trip-stop-where')).toHaveText(/^Your point · 38\.5733, -109\.5498$/);
  await trips.screenshot('trip-units-phone');
  expect(await trips.seriousAxeViolations()).toEqual([]);

  await trips.chooseUnits('km');
  await expectDistancesIn(trips, 'km');

  await trips.removeStopAndSave(2);
  await expect(trips.stopRemovedNotice).toContainText('Removed Springdale.');
  await trips.stopRemovedNotice.scrollIntoViewIfNeeded();
  await trips.screenshot('trip-stop-removed-phone');
  await trips.undoRemoval();
  await expect.poll(() => trips.names()).toEqual(['Denver', 'Moab', 'Springdale', 'Las Vegas']);

  await planRoadTripOvernights(trips);
  await trips.overnightPlan.scrollIntoViewIfNeeded();
  await trips.screenshot('trip-overnights-phone');
});

test('on a phone, a part of a date left with Tab is refused with a message, and a date typed whole is saved', async ({ page }, testInfo) => {
  const { trips } = await signedIn(page, testInfo);
  await trips.givenTrip('Dates on a phone', ROAD_TRIP.slice(0, 2));
  // A month and a day, then Tab, as from the field's last part (issue 49: the calendar button inside the field kept
  // the focus, so no message came).
  await trips.typePartialArrivalDate(1, '0615');
  await trips.leaveArrivalDate(1);
  await expect(trips.stops.nth(1).getByRole('alert')).toHaveText('Enter a whole date, such as 12/01/2026.');
  await trips.stops.nth(1).getByRole('alert').scrollIntoViewIfNeeded();
  await trips.screenshot('date-partial-tab-phone');
  expect(await trips.seriousAxeViolations()).toEqual([]);

  await trips.typeArrivalDate(0, '06102027');
  await trips.leavePlan(0);
  await expect(trips.stops.nth(0)).toContainText('Arrive Jun 10, 2027');
});
