// Issue 40, minor points on GPX: a file with a track only, the app's own export, and a trip of one stop.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { TripView } from '../lib/trips/view';
import { apiSearch } from './fixtures/places-api';
import { signedIn } from './support/trips-journeys';

// An American traveler's browser: miles (the corridor test below), and nothing else here depends on it.
test.use({ locale: 'en-US' });

test('a trip of places exported as GPX imports back as places, with their details and closure checks', async ({ page }, testInfo) => {
  const { trips } = await signedIn(page, testInfo);
  const places = (await apiSearch('center=-104.99,39.74&radius=50000&sort=distance&limit=2')).data;
  await trips.givenPlaceTrip('Places round trip', places.map((p) => p.id));
  const file = await trips.exportGpx();

  await trips.openMyTrips();
  await trips.importGpx(file);
  const view = await trips.tripFromApi<TripView>(trips.currentTripId());
  expect(view.trip.stops.map((s) => [s.kind, s.placeId, s.name])).toEqual(places.map((p) => ['place', p.id, p.name]));
});

test('a file with a recorded track only becomes a trip from its start to its end', async ({ page }, testInfo) => {
  const { trips } = await signedIn(page, testInfo);
  const file = testInfo.outputPath('drive.gpx');
  const points = [[-104.99, 39.74], [-106.8, 39.6], [-108.55, 39.06], [-109.55, 38.57]];
  fs.writeFileSync(
    file,
    `<?xml version="1.0"?><gpx version="1.1" creator="a phone" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Denver to Moab</name><trkseg>${points
      .map(([lon, lat]) => `<trkpt lat="${lat}" lon="${lon}"><ele>1600</ele></trkpt>`)
      .join('')}</trkseg></trk></gpx>`,
  );
  await trips.openMyTrips();
  await trips.importGpx(file);
  expect(await trips.names()).toEqual(['Start of Denver to Moab', 'End of Denver to Moab']);
  await trips.screenshot('trip-imported-track');
});

test('a trip of one stop says what a second stop brings', async ({ page }, testInfo) => {
  const { trips } = await signedIn(page, testInfo);
  await trips.givenTrip('Just Denver', [{ name: 'Denver', lon: -104.99, lat: 39.74 }]);
  await expect(trips.oneStopHint).toHaveText('Add a second stop to plan overnights and find places along the route.');
  await expect(trips.alongSection).toHaveCount(0);
  expect(await trips.seriousAxeViolations()).toEqual([]);
});

test('"Find along this trip" reads its corridor and distances in miles for an en-US browser', async ({ page }, testInfo) => {
  const { trips } = await signedIn(page, testInfo);
  await trips.givenTrip('Miles along', [{ name: 'New York', lon: -74.006, lat: 40.7128 }, { name: 'Philadelphia', lon: -75.1652, lat: 39.9526 }]);
  await expect(trips.alongSection.getByLabel('Within (mi of the route)')).toHaveValue('6');
  await trips.searchAlong();
  await expect(trips.alongTotal).toHaveText(/^[\d,]+ places? within 6 mi of your route$/);
  await expect(trips.alongSection.getByTestId('along-result').first()).toContainText(/mi from the route|ft from the route/);
  // A corridor out of range says its range, on the field itself, where the button it disables leaves no other word.
  const within = trips.alongSection.getByLabel('Within (mi of the route)');
  await within.fill('999');
  await expect(within).toHaveAttribute('aria-invalid', 'true');
  await expect(within).toHaveAccessibleDescription('A corridor is 1 to 30 mi wide.');
  await expect(trips.alongSection.getByRole('button', { name: 'Search along the route' })).toBeDisabled();
  await trips.alongSection.scrollIntoViewIfNeeded();
  await trips.screenshot('corridor-out-of-range');
});
