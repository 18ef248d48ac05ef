// Issue 40, the trip page's minor points: the traveler's units, overnights that follow the stops' nights and dates,
// a stop's plan and town on its card, Undo after Remove, a name for a point picked on the map, and the drag handles'
// description.
import { expect, test } from '@playwright/test';
import { ExplorerDriver } from './support/explorer-driver';
import { DENSE_CENTER } from './fixtures/areas';
import { apiSearch } from './fixtures/places-api';
import { addDays, ROAD_TRIP, shortDate, whereOf } from './support/trip-plans';
import { expectDistancesIn, planRoadTripOvernights, signedIn } from './support/trips-journeys';

test.use({ locale: 'en-US' });

test.describe('the trip page, issue 40', () => {
  test('distances are in miles for an en-US browser, and a choice of km is remembered on the trip and the Explorer', async ({ page, browser }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    const explorer = new ExplorerDriver(page, testInfo);
    // The Explorer of an en-US browser that never chose: miles.
    await explorer.visit();
    await expect(explorer.areaSummary).toContainText('93 mi');

    const tripId = await trips.givenTrip('Canyon country', ROAD_TRIP);
    await expectDistancesIn(trips, 'mi');
    await trips.screenshot('trip-units-miles');

    // km, chosen on the trip page: every distance follows, and it is remembered.
    await trips.chooseUnits('km');
    await expectDistancesIn(trips, 'km');
    await trips.reload();
    await trips.waitForMap();
    await expect(trips.tripDistance).toHaveText(/^[\d,.]+ km$/);
    await expect(trips.unitsSwitch.getByRole('radio', { name: 'km' })).toBeChecked();

    // The Explorer remembers it too; miles chosen there come back to the trip page.
    await explorer.visit();
    await expect(explorer.areaSummary).toContainText('150 km');
    await explorer.chooseUnits('mi');
    await expect(explorer.areaSummary).toContainText('93 mi');
    await explorer.reload();
    await expect(explorer.areaSummary).toContainText('93 mi');
    await trips.openTrip(tripId);
    await expect(trips.tripDistance).toHaveText(/^[\d,.]+ mi$/);
    // A link's own units still win.
    await explorer.visit('units=km');
    await expect(explorer.areaSummary).toContainText('150 km');

    // A browser in German, that never chose: kilometers.
    const german = await browser.newContext({ locale: 'de-DE' });
    const other = new ExplorerDriver(await german.newPage(), testInfo);
    await other.visit();
    await expect(other.areaSummary).toContainText('150 km');
    await german.close();
  });

  test('overnights keep the nights planned at stops as days of rest, follow the dates, and make no day of a few minutes', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    const start = addDays(new Date().toISOString().slice(0, 10), 30);
    // Leaving Denver on the first day, three nights in Moab; Springdale booked two days later than the drive needs.
    await trips.givenTrip('Canyon country dated', [
      { ...ROAD_TRIP[0], arrivalDate: start },
      ROAD_TRIP[1],
      { ...ROAD_TRIP[2], arrivalDate: addDays(start, 5) },
      ROAD_TRIP[3],
    ]);
    await planRoadTripOvernights(trips);
    await expect(trips.overnightDays).toHaveCount(3);
    await expect(trips.overnightRests).toHaveCount(3);
    await expect(trips.overnightDays.nth(0)).toContainText(`Day 1 (${shortDate(start)}): 5 h`);
    await expect(trips.overnightDays.nth(0)).toContainText('Ends at Moab (3 nights).');
    await expect(trips.overnightRests.nth(0)).toHaveText(`Days 2–3 (${shortDate(addDays(start, 1))} – ${shortDate(addDays(start, 2))}): at Moab, no driving`);
    await expect(trips.overnightDays.nth(1)).toContainText(`Day 4 (${shortDate(addDays(start, 3))}): 4 h`);
    await expect(trips.overnightDays.nth(1).getByTestId('overnight-date-note')).toHaveText(
      `Reaches Springdale on ${shortDate(addDays(start, 3))}, 2 days before its arrival date (${shortDate(addDays(start, 5))}): 2 spare days on the way.`,
    );
    // The days after Springdale follow its own date: three nights from day 6, then Las Vegas.
    await expect(trips.overnightDays.nth(2)).toContainText(`Day 9 (${shortDate(addDays(start, 8))}): 2 h`);
    await trips.overnightPlan.scrollIntoViewIfNeeded();
    await trips.screenshot('trip-overnights-nights-dates');
    expect(await trips.seriousAxeViolations()).toEqual([]);
  });

  test('a stop shows its dates, nights and town, comes back with Undo after Remove, and a picked point is named after its town', async ({ page }, testInfo) => {
    test.slow();
    const { trips } = await signedIn(page, testInfo);
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
    await trips.removeStopAndSave(1);
    await expect(trips.stopRemovedNotice).toContainText(`Removed ${names[1]}.`);
    expect(await trips.names()).toEqual([names[0], names[2]]);
    await trips.screenshot('trip-stop-removed');
    expect(await trips.seriousAxeViolations()).toEqual([]);
    await trips.undoRemoval();
    await expect(trips.stopRemovedNotice).toHaveCount(0);
    expect(await trips.names()).toEqual(names);
    await trips.reload();
    await trips.waitForMap();
    expect(await trips.names()).toEqual(names);
    await expect(trips.stops.nth(1).getByTestId('trip-stop-plan')).toHaveText('No arrival date · 2 nights');

    // The offer stays until the next change, not on a timer.
    await trips.removeStopAndSave(2);
    await expect(trips.stopRemovedNotice).toContainText(`Removed ${names[2]}.`);
    await trips.planStop(0, { nights: 1 });
    await expect(trips.stopRemovedNotice).toHaveCount(0);

    // A point picked on the map, beside the first place: named after the nearest place's town, ready to add.
    const project = await trips.projector();
    const at = project(found[0].locations[0].longitude, found[0].locations[0].latitude);
    await trips.clickAt({ x: at.x + 40, y: at.y + 40 });
    const form = trips.addStopForm;
    await expect(form.getByLabel('Latitude')).not.toHaveValue('');
    const [lat, lon] = [await form.getByLabel('Latitude').inputValue(), await form.getByLabel('Longitude').inputValue()];
    const nearest = (await apiSearch(`center=${lon},${lat}&radius=25000&sort=distance&limit=1`)).data[0];
    await expect(form.getByLabel('Name')).toHaveValue(`Near ${whereOf(nearest)}`);
    await expect(form.getByRole('button', { name: 'Add stop' })).toBeEnabled();
    await trips.screenshot('trip-point-named');
    await trips.saved(() => form.getByRole('button', { name: 'Add stop' }).click());
    await expect(trips.stopNames.last()).toContainText(`Near ${whereOf(nearest)}`);
  });

  test('the drag handles point to a description that is on the page, after a reload too', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    await trips.givenTrip('Handles', ROAD_TRIP.slice(0, 3));
    // The server renders the page again (its own id counter has moved on): the ids still match.
    await trips.reload();
    await trips.waitForMap();
    const handles = trips.handles;
    await expect(handles).toHaveCount(3);
    for (let i = 0; i < 3; i++) {
      const describedBy = await handles.nth(i).getAttribute('aria-describedby');
      expect(describedBy).toBeTruthy();
      await expect(trips.element(describedBy!)).toHaveText(/^To move a stop, press Space/);
    }
  });
});
