// Issue 40, the trip page's minor points: the traveler's units, overnights that follow the stops' nights and dates,
// a stop's plan and town on its card, Undo after Remove, a name for a point picked on the map, and the drag handles'
// description.
import { expect, test, type Page } from '@playwright/test';
import { AuthDriver } from './support/auth-driver';
import { TripsDriver } from './support/trips-driver';
import { DENSE_CENTER } from './fixtures/areas';
import { apiSearch } from './fixtures/places-api';
import { addDays, givenPlannedTrip, ROAD_TRIP, shortDate, whereOf } from './support/trip-plans';

test.use({ locale: 'en-US' });

async function signedIn(page: Page, testInfo: import('@playwright/test').TestInfo) {
  const auth = new AuthDriver(page, testInfo);
  await auth.openHome();
  await auth.signInAs('traveler');
  return new TripsDriver(page, testInfo);
}

/** Waits for the change an action makes to be saved. */
async function saved(page: Page, act: () => Promise<unknown>) {
  const response = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/trips/'));
  await act();
  expect((await response).status()).toBe(200);
  await expect(page.getByTestId('trip-save-state')).toHaveText('');
}

test.describe('the trip page, issue 40', () => {
  test('distances are in miles for an en-US browser, and a choice of km is remembered on the trip and the Explorer', async ({ page, browser }, testInfo) => {
    const trips = await signedIn(page, testInfo);
    // The Explorer of an en-US browser that never chose: miles.
    await page.goto('/');
    await expect(page.getByTestId('area-summary')).toContainText('93 mi');

    const tripId = await givenPlannedTrip(trips, 'Canyon country', ROAD_TRIP);
    await expect(page.getByTestId('trip-distance')).toHaveText(/^[\d,.]+ mi in straight lines$/);
    await expect(trips.legs.first()).toContainText(/\d mi · /);
    await trips.screenshot('trip-units-miles');

    // km, chosen on the trip page: every distance follows, and it is remembered.
    await page.getByTestId('units-switch').getByText('km', { exact: true }).click();
    await expect(page.getByTestId('trip-distance')).toHaveText(/^[\d,.]+ km in straight lines$/);
    await expect(trips.legs.first()).toContainText(/\d km · /);
    await page.reload();
    await trips.waitForMap();
    await expect(page.getByTestId('trip-distance')).toHaveText(/ km in straight lines$/);
    await expect(page.getByTestId('units-switch').getByRole('radio', { name: 'km' })).toBeChecked();

    // The Explorer remembers it too; miles chosen there come back to the trip page.
    await page.goto('/');
    await expect(page.getByTestId('area-summary')).toContainText('150 km');
    await page.getByText('miles', { exact: true }).click();
    await expect(page.getByTestId('area-summary')).toContainText('93 mi');
    await page.reload();
    await expect(page.getByTestId('area-summary')).toContainText('93 mi');
    await trips.openTrip(tripId);
    await expect(page.getByTestId('trip-distance')).toHaveText(/ mi in straight lines$/);
    // A link's own units still win.
    await page.goto('/?units=km');
    await expect(page.getByTestId('area-summary')).toContainText('150 km');

    // A browser in German, that never chose: kilometers.
    const german = await browser.newContext({ locale: 'de-DE' });
    const other = await german.newPage();
    await other.goto('/');
    await expect(other.getByTestId('area-summary')).toContainText('150 km');
    await german.close();
  });

  test('overnights keep the nights planned at stops as days of rest, follow the dates, and make no day of a few minutes', async ({ page }, testInfo) => {
    const trips = await signedIn(page, testInfo);
    const start = addDays(new Date().toISOString().slice(0, 10), 30);
    // Leaving Denver on the first day, three nights in Moab; Springdale booked two days later than the drive needs.
    await givenPlannedTrip(trips, 'Canyon country dated', [
      { ...ROAD_TRIP[0], arrivalDate: start },
      ROAD_TRIP[1],
      { ...ROAD_TRIP[2], arrivalDate: addDays(start, 5) },
      ROAD_TRIP[3],
    ]);
    await trips.planOvernights(6);
    await expect(page.getByTestId('overnight-limit')).toHaveText('3 driving days at up to 6 h a day, and 5 days at stops without driving: 8 nights.');
    await expect(trips.overnightDays).toHaveCount(3);
    await expect(page.getByTestId('overnight-rest')).toHaveCount(3);
    await expect(trips.overnightDays.nth(0)).toContainText(`Day 1 (${shortDate(start)}): 5 h`);
    await expect(trips.overnightDays.nth(0)).toContainText('Ends at Moab (3 nights).');
    await expect(page.getByTestId('overnight-rest').nth(0)).toHaveText(`Days 2–3 (${shortDate(addDays(start, 1))} – ${shortDate(addDays(start, 2))}): at Moab, no driving`);
    await expect(trips.overnightDays.nth(1)).toContainText(`Day 4 (${shortDate(addDays(start, 3))}): 4 h`);
    await expect(trips.overnightDays.nth(1).getByTestId('overnight-date-note')).toHaveText(
      `Reaches Springdale on ${shortDate(addDays(start, 3))}, 2 days before its arrival date (${shortDate(addDays(start, 5))}): 2 spare days on the way.`,
    );
    // The days after Springdale follow its own date: three nights from day 6, then Las Vegas.
    await expect(trips.overnightDays.nth(2)).toContainText(`Day 9 (${shortDate(addDays(start, 8))}): 2 h`);
    await page.getByTestId('overnight-days').scrollIntoViewIfNeeded();
    await trips.screenshot('trip-overnights-nights-dates');
    expect(await trips.seriousAxeViolations()).toEqual([]);
  });

  test('a stop shows its dates, nights and town, comes back with Undo after Remove, and a picked point is named after its town', async ({ page }, testInfo) => {
    test.slow();
    const trips = await signedIn(page, testInfo);
    const found = (await apiSearch(`center=${DENSE_CENTER}&radius=30000&sort=distance&limit=3`)).data;
    expect(found.length).toBe(3);
    await trips.givenPlaceTrip('Around New York', found.map((p) => p.id));

    // Each place says where it is (not its coordinates), and its plan shows without opening Plan.
    for (const [i, place] of found.entries()) await expect(trips.stops.nth(i).getByTestId('trip-stop-where')).toHaveText(whereOf(place));
    await expect(trips.stops.nth(0).getByTestId('trip-stop-plan')).toHaveText('No arrival date · 0 nights');
    await trips.planStop(1, { nights: 2 });
    await expect(trips.stops.nth(1).getByTestId('trip-stop-plan')).toHaveText('No arrival date · 2 nights');

    // Remove, then Undo: the stop is back at its place, with its plan.
    const names = await trips.names();
    await saved(page, () => trips.stops.nth(1).getByRole('button', { name: /^Remove/ }).click());
    await expect(page.getByTestId('stop-removed')).toContainText(`Removed ${names[1]}.`);
    expect(await trips.names()).toEqual([names[0], names[2]]);
    await trips.screenshot('trip-stop-removed');
    expect(await trips.seriousAxeViolations()).toEqual([]);
    await saved(page, () => page.getByTestId('stop-removed').getByRole('button', { name: /^Undo/ }).click());
    await expect(page.getByTestId('stop-removed')).toHaveCount(0);
    expect(await trips.names()).toEqual(names);
    await page.reload();
    await trips.waitForMap();
    expect(await trips.names()).toEqual(names);
    await expect(trips.stops.nth(1).getByTestId('trip-stop-plan')).toHaveText('No arrival date · 2 nights');

    // The offer stays until the next change, not on a timer.
    await saved(page, () => trips.stops.nth(2).getByRole('button', { name: /^Remove/ }).click());
    await expect(page.getByTestId('stop-removed')).toContainText(`Removed ${names[2]}.`);
    await trips.planStop(0, { nights: 1 });
    await expect(page.getByTestId('stop-removed')).toHaveCount(0);

    // A point picked on the map, beside the first place: named after the nearest place's town, ready to add.
    const project = await trips.projector();
    const at = project(found[0].locations[0].longitude, found[0].locations[0].latitude);
    await page.mouse.click(at.x + 40, at.y + 40);
    const form = page.getByTestId('add-stop-form');
    await expect(form.getByLabel('Latitude')).not.toHaveValue('');
    const [lat, lon] = [await form.getByLabel('Latitude').inputValue(), await form.getByLabel('Longitude').inputValue()];
    const nearest = (await apiSearch(`center=${lon},${lat}&radius=25000&sort=distance&limit=1`)).data[0];
    await expect(form.getByLabel('Name')).toHaveValue(`Near ${whereOf(nearest)}`);
    await expect(form.getByRole('button', { name: 'Add stop' })).toBeEnabled();
    await trips.screenshot('trip-point-named');
    await saved(page, () => form.getByRole('button', { name: 'Add stop' }).click());
    await expect(trips.stopNames.last()).toContainText(`Near ${whereOf(nearest)}`);
  });

  test('the drag handles point to a description that is on the page, after a reload too', async ({ page }, testInfo) => {
    const trips = await signedIn(page, testInfo);
    await givenPlannedTrip(trips, 'Handles', ROAD_TRIP.slice(0, 3));
    // The server renders the page again (its own id counter has moved on): the ids still match.
    await page.reload();
    await trips.waitForMap();
    const handles = trips.handles;
    await expect(handles).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      const describedBy = await handles.nth(i).getAttribute('aria-describedby');
      expect(describedBy).toBeTruthy();
      await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(/^To move a stop, press Space/);
    }
  });
});
