import fs from 'node:fs';
import polyline from '@mapbox/polyline';
import { expect, test } from '@playwright/test';
import { AuthDriver, organizationSearch } from './support/auth-driver';
import { ExplorerDriver } from './support/explorer-driver';
import { TripsDriver, type PointStop } from './support/trips-driver';
import { expectReadOnlyTrip, findAlongReadOnly, signedIn } from './support/trips-journeys';
import { DENSE_CIRCLE } from './fixtures/areas';

const EAST_COAST: PointStop[] = [
  { name: 'Philadelphia', lon: -75.1652, lat: 39.9526 },
  { name: 'Baltimore', lon: -76.6122, lat: 39.2904 },
  { name: 'Washington', lon: -77.0369, lat: 38.9072 },
];

const ALONG_NEW_YORK: PointStop[] = [
  { name: 'Trenton', lon: -74.7597, lat: 40.2206 },
  { name: 'New York', lon: -74.006, lat: 40.7128 },
  { name: 'Stamford', lon: -73.5387, lat: 41.0534 },
  { name: 'New Haven', lon: -72.9279, lat: 41.3083 },
];

/** Meters between two points on the mean Earth sphere, written here apart from the app's own geometry. */
function haversine(a: PointStop, b: PointStop): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.sqrt(h));
}

/** How far along a line (latitude first, as decoded) each stop is: the line passes through them in order. */
function offsetsAlong(line: [number, number][], stops: PointStop[]): number[] {
  const offsets: number[] = [];
  let along = 0;
  let next = 0;
  line.forEach(([lat, lon], i) => {
    if (i > 0) along += haversine({ name: '', lon: line[i - 1][1], lat: line[i - 1][0] }, { name: '', lon, lat });
    const stop = stops[next];
    if (stop && Math.abs(stop.lat - lat) < 1e-5 && Math.abs(stop.lon - lon) < 1e-5) {
      offsets.push(along);
      next++;
    }
  });
  return offsets;
}

interface AlongHit {
  id: number;
  name: string;
  route_offset: number;
  route_distance: number;
  rv_service?: { serviced_makes: string[] } | null;
  locations: { longitude: number; latitude: number }[];
}

test.describe('trips', () => {
  test('a traveler plans a 4-stop trip from a place and three points, then reorders it by drag and by keyboard', async ({ page }, testInfo) => {
    test.slow();
    const explorer = new ExplorerDriver(page, testInfo);
    const auth = new AuthDriver(page, testInfo);
    const trips = new TripsDriver(page, testInfo);
    // Given a traveler on the map with a place open,
    await explorer.openExplorer(DENSE_CIRCLE);
    await auth.signInAs('traveler');
    await explorer.settledTotal();
    await explorer.openResult(0);
    const placeName = (await explorer.drawer.getByRole('heading').first().innerText()).trim();
    await trips.screenshot('place-drawer-add-to-trip');

    // when they add it to a new trip and add three points,
    await trips.addOpenPlaceToNewTrip('Atlantic coast');
    for (const stop of EAST_COAST) await trips.addPoint(stop);

    // then the trip lists four numbered stops with three legs and its totals, measured on the demo roads and saying so.
    expect(await trips.names()).toEqual([placeName, 'Philadelphia', 'Baltimore', 'Washington']);
    await expect(trips.legs).toHaveCount(3);
    await expect(trips.totals).toContainText('4 stops');
    await expect(trips.totals).toContainText('Roads: Demo roads (generated).');
    await expect(trips.map).toHaveAttribute('data-stops', '4');
    await trips.screenshot('trip-planned');
    expect(await trips.seriousAxeViolations()).toEqual([]);

    // When they drag Washington above Philadelphia, and move the first stop down one place with the keyboard,
    await trips.dragStop(3, 1);
    expect(await trips.names()).toEqual([placeName, 'Washington', 'Philadelphia', 'Baltimore']);
    await trips.moveStopByKeyboard(0, 1);
    expect(await trips.names()).toEqual(['Washington', placeName, 'Philadelphia', 'Baltimore']);

    // and rename it and plan a stop, then everything is kept on the server.
    await trips.rename('East coast loop');
    await trips.planStop(2, { arrivalDate: '2026-07-04', nights: 2, note: 'Fireworks on the river' });
    await trips.reload();
    await trips.waitForMap();
    await expect(trips.tripName).toHaveText('East coast loop');
    expect(await trips.names()).toEqual(['Washington', placeName, 'Philadelphia', 'Baltimore']);
    await expect(trips.stops.nth(2)).toContainText('Arrive Jul 4, 2026 · 2 nights');
    await expect(trips.stops.nth(2)).toContainText('Fireworks on the river');
    await expect(trips.totals).toContainText('2 nights');
    // The keyboard moves a stop one place a press across cards of different heights (a note, a leg's notes), the
    // presses as quick as they come.
    await trips.moveStopByKeyboard(3, -3, { quickly: true });
    expect(await trips.names()).toEqual(['Baltimore', 'Washington', placeName, 'Philadelphia']);

    // My trips lists it.
    await trips.openMyTrips();
    await expect(trips.tripList).toContainText('East coast loop');
    await expect(trips.tripList).toContainText('4 stops');
    await trips.screenshot('my-trips');
    expect(await trips.seriousAxeViolations()).toEqual([]);
  });

  test('a traveler adds a result to an existing trip straight from the results list', async ({ page }, testInfo) => {
    test.slow();
    const explorer = new ExplorerDriver(page, testInfo);
    const { trips } = await signedIn(page, testInfo);
    // Given a trip with one stop,
    const tripId = await trips.givenTrip('Coast weekend', [EAST_COAST[0]]);
    // when the traveler adds the second result of a search to it from the list, without opening the place,
    await explorer.openExplorer(DENSE_CIRCLE);
    await explorer.settledTotal();
    const placeName = (await explorer.resultButtons.nth(1).locator('.font-medium').first().innerText()).trim();
    const box = await trips.addResultToTrip(placeName, /^Coast weekend \(1 stop\)/);
    await expect(box.getByRole('status')).toContainText('Added to Coast weekend.');
    await expect(explorer.drawer).toBeHidden();
    await trips.screenshot('results-list-add-to-trip');
    expect(await explorer.seriousAxeViolations()).toEqual([]);

    // then the trip ends with that place.
    await box.getByRole('link', { name: 'Open the trip' }).click();
    await trips.waitForUrl(`**/trips/${tripId}`);
    await trips.waitForMap();
    expect(await trips.names()).toEqual(['Philadelphia', placeName]);
  });

  test('a traveler plans overnights: the trip is cut into driving days and a proposed place becomes a stop', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    await trips.givenTrip('New York to Washington', [{ name: 'New York', lon: -74.006, lat: 40.7128 }, EAST_COAST[2]]);
    // Leaving New York on June 10, for Washington the same day.
    await trips.planStop(0, { arrivalDate: '2027-06-10' });
    await expect(trips.stops.nth(1)).toContainText('Arrive Jun 10, 2027');
    await trips.planOvernights(2.5);
    // About 370 km on the demo roads, 4 h 14 min: a day ending on the way, then the day that reaches Washington.
    await expect(trips.overnightDays).toHaveCount(2);
    await expect(trips.overnightDays.first()).toContainText('Day 1 (Thu, Jun 10): 2 h 30 min driving');
    await expect(trips.overnightDays.last()).toContainText(/Day 2 \(Fri, Jun 11\): 1 h \d+ min driving/);
    await expect(trips.overnightDays.last()).toContainText('Ends at Washington');
    // The day that ends on the way is on the map too; the one that ends at Washington is its stop.
    await expect(trips.map).toHaveAttribute('data-overnights', '1');
    await trips.screenshot('trip-overnights');
    await trips.stayAtFirstProposal();
    await expect(trips.stops).toHaveCount(3);
    await expect(trips.stops.nth(1)).toContainText('1 night');
    // The stay is dated the day it is reached, and Washington moves to the day after it.
    await expect(trips.stops.nth(1)).toContainText('Arrive Jun 10, 2027');
    await expect(trips.stops.nth(2)).toContainText('Arrive Jun 11, 2027');
    // Staying there, the day now ends at a stop: no point of its own on the map.
    await expect(trips.map).toHaveAttribute('data-overnights', '0');
    // Its details say it is a stop of the trip, not "Add to trip" again.
    await trips.stops.nth(1).getByTestId('trip-stop-name').getByRole('button').click();
    await expect(trips.drawer.getByTestId('stop-of-trip')).toHaveText('Stop 2 of this trip.');
    await expect(trips.drawer.getByRole('button', { name: 'Add to trip' })).toHaveCount(0);
    // The map's zoom buttons stand beside the drawer, not under it.
    const zoomIn = (await trips.map.getByRole('button', { name: 'Zoom in' }).boundingBox())!;
    expect(zoomIn.x + zoomIn.width).toBeLessThanOrEqual((await trips.drawer.boundingBox())!.x);
    await trips.closeDrawer();
    // Along the way, after Show more, a place added from the second page keeps the list as long, and the keyboard on
    // its button.
    await trips.searchAlong({ km: 20 });
    const results = trips.alongSection.getByTestId('along-result');
    await expect(results).toHaveCount(20);
    await trips.alongSection.getByRole('button', { name: 'Show more' }).click();
    await expect(results).not.toHaveCount(20);
    const listed = await results.count();
    // The 25th: a row at the very end may fall out, where the trip's new line brings others nearer.
    const added = trips.alongResult(Number(await results.nth(24).getAttribute('data-place-id')));
    const action = added.getByRole('button', { name: /^(Add after|On the trip)/ });
    await action.focus();
    await trips.saved(() => trips.pressKey('Enter'));
    await expect(action).toHaveText('On the trip');
    await expect(results).toHaveCount(listed);
    await expect(action).toBeFocused();
  });

  test('a dealer finds dealers that service a make along a 4-stop trip and adds one between the right stops', async ({ page }, testInfo) => {
    test.slow();
    const { auth, trips } = await signedIn(page, testInfo, 'dealer');
    if ((await auth.sessionSummary()).activeOrganizationId !== 'org-summit-rv') await auth.switchOrganization('org-summit-rv');
    await trips.inKilometres();
    // Through New York, where the seeded places are densest, so results fall on both sides of a stop.
    const stops = ALONG_NEW_YORK;
    const tripId = await trips.givenTrip('Dealer run', stops);

    // Given a make that a dealer within 9 km of the trip's roads services (asked of the Place API as the organization;
    // the page searches a line simplified from the roads by far less than the kilometre this leaves),
    const { legs } = await trips.tripFromApi<{ legs: { geometry: [number, number][] }[] }>(tripId);
    const roads = legs.flatMap((leg, i) => (i === 0 ? leg.geometry : leg.geometry.slice(1)));
    const route = polyline.encode(roads.map(([lon, lat]) => [lat, lon]));
    const everything = await organizationSearch(new URLSearchParams({ route, route_buffer: '9000', tags: 'rv-service', sort: 'route', limit: '100' }).toString(), 'org-summit-rv');
    const dealers = (everything.data as unknown as AlongHit[]).filter((p) => p.rv_service?.serviced_makes.length);
    expect(dealers.length).toBeGreaterThan(0);
    const make = dealers[dealers.length - 1].rv_service!.serviced_makes[0];

    // when the dealer picks that make and searches along the trip,
    const query = await trips.searchAlong({ makes: [make] });
    expect(new URLSearchParams(query).get('rv_service_serviced_makes')).toBe(make);
    // (the line it searches follows the roads, through every stop in order: the stops' offsets along it)
    const stopOffsets = offsetsAlong(polyline.decode(new URLSearchParams(query).get('route')!), stops);
    expect(stopOffsets).toHaveLength(stops.length);
    // Clear of the stops after the first: at a stop, this spec's sums and the API's could round either way.
    const clearOfStops = (hit: AlongHit) => stopOffsets.slice(1).every((o) => Math.abs(o - hit.route_offset) > 500);

    // then the page lists what the API answers, in route order, with the exact total and the places on the map.
    const answer = await organizationSearch(query, 'org-summit-rv');
    const hits = answer.data as unknown as AlongHit[];
    const total = answer.meta.total;
    await expect(trips.alongTotal).toHaveText(`${total} ${total === 1 ? 'place' : 'places'} within 10 km of your route`);
    await expect(trips.alongSection.getByTestId('along-result')).toHaveCount(hits.length);
    expect(await trips.alongSection.getByTestId('along-result').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-place-id'))))).toEqual(hits.map((p) => p.id));
    expect(hits.map((p) => p.route_offset)).toEqual([...hits.map((p) => p.route_offset)].sort((a, b) => a - b));
    expect(hits.every((p) => p.route_distance <= 10_000 && p.rv_service?.serviced_makes.includes(make))).toBe(true);
    await expect(trips.map).toHaveAttribute('data-found', String(hits.length));

    // The chosen filters folded away at the search, so the results are not below the chips; the summary counts them.
    const filters = trips.alongSection.locator('details').first();
    await expect(filters).not.toHaveAttribute('open');
    await expect(filters.locator('summary')).toContainText('1 on');

    // A found place on the map opens its details.
    const project = await trips.projector();
    const stopPoints = stops.map((s) => project(s.lon, s.lat));
    const mapBox = (await trips.map.boundingBox())!;
    const apart = (p: { x: number; y: number }, others: { x: number; y: number }[]) => others.every((o) => Math.hypot(o.x - p.x, o.y - p.y) > 20);
    const onMap = hits.find((h) => {
      const at = project(h.locations[0].longitude, h.locations[0].latitude);
      const inside = at.x > mapBox.x + 60 && at.x < mapBox.x + mapBox.width - 60 && at.y > mapBox.y + 60 && at.y < mapBox.y + mapBox.height - 60;
      const others = hits.filter((o) => o.id !== h.id).map((o) => project(o.locations[0].longitude, o.locations[0].latitude));
      return inside && apart(at, stopPoints) && apart(at, others);
    });
    expect(onMap, 'a found place clear of the stops and the other places').toBeDefined();
    const spot = project(onMap!.locations[0].longitude, onMap!.locations[0].latitude);
    await trips.clickAt(spot);
    await expect(trips.drawer.getByRole('heading', { level: 2 })).toHaveText(onMap!.name);
    await trips.closeDrawer();

    // When they open the one furthest along (clear of the stops) from its name and add it from its details, it lands
    // after the last stop before it.
    const chosen = [...hits].reverse().find(clearOfStops)!;
    const at = stopOffsets.filter((o) => o <= chosen.route_offset).length;
    const addLabel = `Add after ${stops[at - 1].name}: ${chosen.name}`;
    await expect(trips.alongResult(chosen.id).getByRole('button', { name: /^Add after/ })).toHaveAccessibleName(addLabel);
    await trips.alongResult(chosen.id).scrollIntoViewIfNeeded();
    await trips.screenshot('trip-along');
    expect(await trips.seriousAxeViolations()).toEqual([]);
    await trips.openAlongResult(chosen.id);
    await expect(trips.drawer.getByRole('heading', { level: 2 })).toHaveText(chosen.name);
    await trips.screenshot('trip-along-drawer');
    expect(await trips.seriousAxeViolations()).toEqual([]);
    await expect(trips.drawer.getByRole('button', { name: /^Add after/ })).toHaveAccessibleName(addLabel);
    await trips.addFromDrawer();

    const expected = stops.map((s) => s.name);
    expected.splice(at, 0, chosen.name);
    expect(await trips.names()).toEqual(expected);
    await expect(trips.drawer.getByTestId('along-place-action')).toHaveText('On the trip');
    await expect(trips.alongResult(chosen.id)).toContainText('On the trip');
    // Escape closes the details and puts the keyboard back on the name that opened them.
    await trips.pressKey('Escape');
    await expect(trips.drawer).toHaveCount(0);
    await expect(trips.alongResult(chosen.id).getByTestId('along-name')).toBeFocused();
  });

  test('a change made in a stale tab is refused with the changed-elsewhere message and the fresh trip', async ({ page, context }, testInfo) => {
    const { trips: first } = await signedIn(page, testInfo);
    const id = await first.givenTrip('Two tabs', EAST_COAST);
    const second = new TripsDriver(await context.newPage(), testInfo);
    await second.openTrip(id);

    await first.rename('Renamed in the first tab');
    expect(await second.removeStop(0)).toBe(409);

    await expect(second.conflict).toContainText('This trip was changed elsewhere');
    await expect(second.tripName).toHaveText('Renamed in the first tab');
    expect(await second.names()).toEqual(['Philadelphia', 'Baltimore', 'Washington']);
    await second.screenshot('trip-conflict');
  });

  test('with the keyboard and history: the plan before the map, the focus kept after each change, and Back showing the trip as it is', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    const id = await trips.givenTrip('Keyboard weekend', EAST_COAST);

    // A trip with a share link is rendered by the server (its link from the configured public URL), not in the browser only.
    const link = await trips.createShareLink();
    const html = await trips.serverRenderedTrip(id);
    expect(html.status).toBe(200);
    expect(html.html).toContain(link);

    // The plan comes before the map in the document: Tab reaches Rename before the map's controls.
    expect(await trips.planComesBeforeMap()).toBe(true);

    // Renaming keeps a heading on the page, and saving or Escape gives the focus back to Rename.
    const renameButton = trips.renameButton;
    await renameButton.focus();
    await trips.pressKey('Enter');
    await expect(trips.pageTitle).toHaveCount(1);
    await trips.pressKey('Escape');
    await expect(renameButton).toBeFocused();
    await trips.pressKey('Enter');
    await trips.tripNameField.fill('Keyboard loop');
    await trips.saved(() => trips.pressKey('Enter'));
    await expect(renameButton).toBeFocused();

    // Removing a stop moves the focus to the next stop's Remove; revoking the link, to the button that makes one.
    expect(await trips.removeStop(0)).toBe(200);
    await expect(trips.stops.getByRole('button', { name: 'Remove Baltimore' })).toBeFocused();
    await trips.revokeShareLink();
    expect(await trips.seriousAxeViolations()).toEqual([]);

    // Away through the header and Back: the page restored from history shows the trip as saved, and takes a change.
    await trips.followMyTripsLink();
    await expect(trips.heading('My trips')).toBeVisible();
    await trips.goBack();
    await expect.poll(() => trips.names()).toEqual(['Baltimore', 'Washington']);
    await expect(trips.tripName).toHaveText('Keyboard loop');
    expect(await trips.removeStop(1)).toBe(200);
    await expect(trips.conflict).toHaveCount(0);
    expect(await trips.names()).toEqual(['Baltimore']);
  });

  test('a deleted trip leaves My trips, and Back skips it instead of landing on its 404', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    await trips.openMyTrips();
    const id = await trips.givenTrip('Cancelled weekend', EAST_COAST);
    await trips.deleteTrip();
    await trips.expectAt(/\/trips$/);
    await expect(trips.page.getByTestId('trip-deleted')).toHaveText('Deleted “Cancelled weekend”.');
    await expect(trips.main.getByRole('link', { name: /Cancelled weekend/ })).toHaveCount(0);
    expect(await trips.tripApiStatus(id)).toBe(404);
    await trips.goBack();
    await trips.expectAt(/\/trips$/);
    await expect(trips.heading('My trips')).toBeVisible();
  });

  test('a share link opens read-only in a signed-out browser, places along it can be found, until it is revoked', async ({ page, browser }, testInfo) => {
    const { trips: owner } = await signedIn(page, testInfo);
    await owner.givenTrip('Shared weekend', EAST_COAST);
    const link = await owner.createShareLink();

    const visitor = await TripsDriver.signedOut(browser, testInfo);
    await visitor.openSharedLink(link);
    await expectReadOnlyTrip(visitor, ['Philadelphia', 'Baltimore', 'Washington'], 'trip-shared-signed-out');

    await findAlongReadOnly(visitor, 'trip-shared-along');

    await owner.revokeShareLink();
    await visitor.reload();
    await expect(visitor.heading('This page does not exist')).toBeVisible();
    await visitor.close();
  });

  test('a trip shared with an organization shows on its members’ My trips, under the organization picked in the switcher', async ({ page, browser }, testInfo) => {
    test.slow();
    // Given a dealer who shares a trip with Summit RV,
    const { trips: dealer } = await signedIn(page, testInfo, 'dealer');
    const name = `Summit delivery run ${testInfo.project.name}`;
    await dealer.givenTrip(name, EAST_COAST);
    await dealer.shareWithOrganization('Summit RV Dealers Group');

    // when an administrator of Summit RV opens My trips while exploring as Summit RV,
    const admin = await TripsDriver.signedOut(browser, testInfo, { viewport: dealer.windowSize() });
    const adminAuth = new AuthDriver(admin.page, testInfo);
    await adminAuth.signInByRequests('admin', '/trips');
    if ((await adminAuth.sessionSummary()).activeOrganizationId !== 'org-summit-rv') await adminAuth.switchOrganization('org-summit-rv');
    await admin.openMyTrips();

    // then the trip is listed under Summit RV, first after their own,
    expect((await admin.tripSectionHeadings())[1]).toBe('Shared with Summit RV Dealers Group (the organization you explore as)');
    await expect(admin.tripSection('org-summit-rv')).toContainText(name);
    await expect(admin.tripSection('mine')).not.toContainText(name);
    await admin.screenshot('my-trips-shared-with-organization');
    expect(await admin.seriousAxeViolations()).toEqual([]);

    // and after switching to an organization nobody shared with, that one comes first, empty, and the trip stays listed.
    await adminAuth.switchOrganization('org-lakeside-tourism');
    await expect(admin.tripSection('org-lakeside-tourism')).toContainText('No trips shared with this organization yet');
    expect((await admin.tripSectionHeadings()).slice(1)).toEqual([
      'Shared with Lakeside Tourism Office (the organization you explore as)',
      'Shared with Summit RV Dealers Group',
    ]);
    await admin.openListedTrip(name);
    expect(await admin.names()).toEqual(['Philadelphia', 'Baltimore', 'Washington']);
    await admin.close();
  });

  test('a trip exported as GPX imports back as a new trip with the same stops', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    await trips.givenTrip('Round trip', EAST_COAST);
    const file = await trips.exportGpx();
    expect(fs.readFileSync(file, 'utf8')).toContain('<rte>');

    await trips.openMyTrips();
    await trips.importGpx(file);
    await expect(trips.tripName).toHaveText('Round trip');
    expect(await trips.names()).toEqual(['Philadelphia', 'Baltimore', 'Washington']);

    // A file that is not GPX is refused with a clear message, and no trip is made.
    await trips.openMyTrips();
    const before = await trips.listedTrips.count();
    const broken = testInfo.outputPath('broken.gpx');
    fs.writeFileSync(broken, '<gpx><wpt lat="1" lon="2"></gpx>');
    await trips.chooseGpxFile(broken);
    await expect(trips.importError).toHaveText('The file is not well-formed XML: Opening and ending tag mismatch: "wpt" != "gpx"');
    // The file field, disabled while the import ran, has the focus back: another file is one key away.
    await expect(trips.page.getByTestId('import-gpx')).toBeFocused();
    await trips.reload();
    await expect(trips.listedTrips).toHaveCount(before);
  });
});
