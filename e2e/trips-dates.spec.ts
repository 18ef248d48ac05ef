// Issue 40, items 1 and 2: dates typed as people type them, and the warnings a stay's dates deserve.
import { expect, test } from '@playwright/test';
import { signedIn } from './support/trips-journeys';
import { DENSE_CIRCLE } from './fixtures/areas';
import { apiSearch } from './fixtures/places-api';
import { CLOSURES_UNCHECKED } from '../lib/trips/closure-warning';

interface Closing {
  id: number;
  name: string;
  temporary_closures: { start_date: string; end_date: string }[];
}

const addDays = (date: string, days: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
/** `2026-12-01` as the page writes it: `Dec 1, 2026`. */
const written = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
/** `2026-12-01` as typed into an en-US date field: `12012026`. */
const typed = (date: string) => `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}`;

test.describe('a stop’s dates', () => {
  test('an arrival date clicked anywhere and typed digit by digit is saved once, whole, and a partial one left with Tab is refused', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    await trips.givenTrip('Typed dates', [
      { name: 'Moab', lon: -109.5498, lat: 38.5733 },
      { name: 'Springdale', lon: -112.9988, lat: 37.1889 },
      { name: 'Las Vegas', lon: -115.1398, lat: 36.1699 },
    ]);

    // "Add stop" says what it still needs (issue 40).
    await expect(trips.addStopMissing).toHaveText(/^Pick a point on the map/);
    const changes = trips.watchChanges();
    /** The arrival dates each change sent, stop by stop. */
    const sent = () => changes.map((c) => (c as { stops: { arrivalDate: string | null }[] }).stops.map((s) => s.arrivalDate).join('|'));
    // A month ahead, so the date never has passed when the test runs.
    const arrival = addDays(new Date().toISOString().slice(0, 10), 30);
    // Clicked on the year, not the month (issue 49: "mm/dd/22027"): typing still starts at the month.
    await trips.clickAndTypeArrivalDate(0, typed(arrival));
    expect(sent()).toEqual([`${arrival}|${arrival}|`]);
    await trips.leavePlan(0);
    await trips.reload();
    await trips.waitForMap();
    await expect(trips.stops.nth(0)).toContainText(`Arrive ${written(arrival)}`);
    // The next stop, without a date of its own, arrives the day the traveler leaves the first (0 nights: the same day).
    await expect(trips.stops.nth(1)).toContainText(`Arrive ${written(arrival)}`);
    // The first Tab stop of the trip page skips the header.
    await trips.pressKey('Tab');
    await expect(trips.skipToTrip).toBeFocused();

    // A month and a day without a year, then Tab: nothing is saved, and the field says why.
    await trips.typePartialArrivalDate(2, '0315');
    await trips.leaveArrivalDate(2);
    await expect(trips.stops.nth(2).getByRole('alert')).toHaveText('Enter a whole date, such as 12/01/2026.');
    // Nights out of range are not saved either, and said (the field once snapped back without a word).
    const nights = trips.stops.nth(2).getByLabel('Nights');
    const nightsProblem = trips.stops.nth(2).getByRole('alert').filter({ hasText: /^Nights/ });
    await nights.fill('400');
    await expect(nightsProblem).toHaveText('Nights are a whole number from 0 to 365.');
    await expect(nights).toHaveAttribute('aria-invalid', 'true');
    await nights.press('Tab');
    await expect(nightsProblem).toHaveText(/^Nights are a whole number from 0 to 365: the stop keeps \d+ nights?\.$/);
    expect(sent()).toEqual([`${arrival}|${arrival}|`]);

    // Three nights at the first stop, typed after its date: the second stop's date, the day the first was left, moves
    // with it.
    await trips.planStop(0, { nights: 3 });
    await expect(trips.stops.nth(1)).toContainText(`Arrive ${written(addDays(arrival, 3))}`);
    await expect(trips.stops.nth(1).getByTestId('closure-warning')).toHaveCount(0);
    // A date of the traveler's own before that day is kept, and said to come before the traveler leaves.
    await trips.planStop(1, { arrivalDate: addDays(arrival, 1) });
    await expect(trips.stops.nth(1).getByTestId('closure-warning')).toHaveText(`Arrives ${written(addDays(arrival, 1))}, before you leave Moab on ${written(addDays(arrival, 3))}`);
    await trips.screenshot('date-typed-partial');
    expect(await trips.seriousAxeViolations()).toEqual([]);
  });

  test('a closure that starts during the stay is warned, and a date that has passed is said', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    const today = new Date().toISOString().slice(0, 10);
    const [, center, radius] = /circle=([^,]+,[^,]+),(\d+)/.exec(DENSE_CIRCLE)!;
    let closing: Closing | undefined;
    for (let offset = 0; offset < 500 && !closing; offset += 50) {
      const places = (await apiSearch(`center=${center}&radius=${radius}&limit=50&offset=${offset}&sort=distance`)).data as unknown as Closing[];
      closing = places.find((p) => p.temporary_closures.some((c) => c.start_date > addDays(today, 3)));
    }
    expect(closing, 'the seeded dataset has places with a closure ahead').toBeTruthy();
    const closure = closing!.temporary_closures.find((c) => c.start_date > addDays(today, 3))!;

    await trips.givenPlaceTrip('Stay over a closure', [closing!.id]);
    // Arriving two days before it closes, for five nights: the third night is in the closure.
    await trips.planStop(0, { arrivalDate: addDays(closure.start_date, -2), nights: 5 });
    await expect(trips.stops.nth(0).getByTestId('closure-warning')).toContainText('during your stay');
    await trips.screenshot('closure-during-stay');

    // Two nights end the stay the day before: no warning.
    await trips.planStop(0, { nights: 2 });
    await expect(trips.stops.nth(0).getByTestId('closure-warning')).toHaveCount(0);

    await trips.planStop(0, { arrivalDate: addDays(today, -3) });
    await expect(trips.stops.nth(0).getByTestId('closure-warning')).toContainText('has passed');
  });

  test('a place that cannot be loaded is said not to be checked for closures, not left looking open', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    const [, center, radius] = /circle=([^,]+,[^,]+),(\d+)/.exec(DENSE_CIRCLE)!;
    const [place] = (await apiSearch(`center=${center}&radius=${radius}&limit=1`)).data as unknown as Closing[];
    await page.route(`**/api/places/${place.id}`, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'The Place API did not answer' } }) }));
    await trips.givenPlaceTrip('Place not loaded', [place.id]);
    await trips.planStop(0, { arrivalDate: addDays(new Date().toISOString().slice(0, 10), 30), nights: 2 });
    await expect(trips.stops.nth(0).getByTestId('closure-warning')).toHaveText(CLOSURES_UNCHECKED);
    await trips.screenshot('closures-unchecked');
  });
});
