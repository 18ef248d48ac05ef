import fs from 'node:fs';
import polyline from '@mapbox/polyline';
import { expect, test } from '@playwright/test';
import { routeAClassAAroundTheLowBridge, sayTheRigInFeetAndPounds, signedIn } from './support/trips-journeys';

// The camera flies here as it does for most people (the other specs emulate reduced motion, under which the phone's
// journey checks the same label): the limit's label keeps clear of the pins after a flight too.
test.use({ reducedMotion: 'no-preference' });

test('a class A motorhome goes around the demo roads’ low bridge; the days, the corridor, the fuel and the files follow the road; with miles, the rig in feet and pounds', async ({ page }, testInfo) => {
  test.slow();
  const { trips } = await signedIn(page, testInfo);
  await routeAClassAAroundTheLowBridge(trips);
  await trips.screenshot('trip-roads-class-a');
  expect(await trips.seriousAxeViolations()).toEqual([]);

  // The fuel at the rig's 30 L/100 km, and its cost at a price typed in.
  await expect(trips.fuel).toContainText(/^Fuel: about \d+ L at 30 L\/100 km/);
  await trips.typeFuelPrice('1.9');
  await expect(trips.fuel).toContainText(/costing about \$[\d,.]+/);

  // The day plan ends its first day on the road line, where 3 h of driving on the roads run out.
  await trips.planOvernights(3);
  await expect(trips.overnightDays).toHaveCount(2);
  await expect(trips.overnightDays.first()).toContainText('Day 1: 3 h driving');
  await expect(trips.map).toHaveAttribute('data-overnights', '1');

  // "Find along this trip" searches the roads' line (many points), not the straight line between the two stops.
  const query = await trips.searchAlong({ km: 20 });
  const line = polyline.decode(new URLSearchParams(query).get('route')!);
  expect(line.length).toBeGreaterThan(10);
  expect(line[0]).toEqual([39.73915, -104.9847]);
  expect(line[line.length - 1]).toEqual([38.57332, -109.54984]);

  // The GPX carries the road driven as a track; the calendar holds the dated stop.
  const gpx = fs.readFileSync(await trips.exportGpx(), 'utf8');
  expect(gpx.match(/<trkpt /g)!.length).toBeGreaterThan(10);
  await trips.planStop(1, { arrivalDate: '2027-06-10', nights: 2 });
  const ics = fs.readFileSync(await trips.exportIcs(), 'utf8');
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(ics).toContain('SUMMARY:Moab');
  expect(ics).toContain('DTSTART;VALUE=DATE:20270610\r\nDTEND;VALUE=DATE:20270612');

  await sayTheRigInFeetAndPounds(trips);
  // The price typed per litre (1.9) reads per gallon with miles: converted, not relabelled.
  await expect(trips.fuel.getByLabel('Price per gallon')).toHaveValue('7.192');
});
