// Issue 49: a retired couple's first week planning Denver → Moab → Zion → the Grand Canyon → Las Vegas in a class A,
// on a desktop and on a phone. Each journey is one of the trip-ups they met, replayed after its fix.
import { expect, type Browser, type Page, type TestInfo } from '@playwright/test';
import type { Place } from '../../lib/explorer/types';
import { apiSearch, placesApi } from '../fixtures/places-api';
import { ExplorerDriver } from './explorer-driver';
import { OfflineDriver } from './offline-driver';
import { pageErrors } from './page-errors';
import { TripsDriver, type PlannedStop } from './trips-driver';
import { signedIn } from './trips-journeys';

export const PARKS_TRIP: PlannedStop[] = [
  { name: 'Denver', lon: -104.9903, lat: 39.7392 },
  { name: 'Moab', lon: -109.5498, lat: 38.5733 },
  { name: 'Springdale', lon: -112.9986, lat: 37.1889 },
  { name: 'Grand Canyon Village', lon: -112.1401, lat: 36.0544 },
  { name: 'Las Vegas', lon: -115.1398, lat: 36.1699 },
];

/** Signed in as the demo traveler, the parks trip made and opened. */
export async function theParksTrip(page: Page, testInfo: TestInfo): Promise<{ trips: TripsDriver; id: string }> {
  const { trips } = await signedIn(page, testInfo);
  const id = await trips.givenTrip('National parks', PARKS_TRIP);
  return { trips, id };
}

/**
 * The trip page as the server draws it and as the browser takes it over: the same page, so React reports no
 * hydration mismatch (error #418), whatever the browser's time zone and language.
 */
export async function openTheTripWithoutAHydrationMismatch(trips: TripsDriver, id: string) {
  const errors = pageErrors(trips.page);
  await trips.openTrip(id);
  await expect(trips.page.getByTestId('keep-offline')).toBeVisible();
  expect(errors.filter((e) => /#418|#423|#425|hydrat/i.test(e))).toEqual([]);
}

/** "Keep offline" says when the trip was kept to the minute, in the traveler's time zone: no seconds. */
export async function keepTheTripAndSeeWhenToTheMinute(trips: TripsDriver) {
  const offline = new OfflineDriver(trips.page);
  await offline.keepOffline();
  const status = (await offline.keptStatus.textContent()) ?? '';
  expect(status).toMatch(/\d{1,2}:\d{2}\s?(AM|PM)?\s?\S*\.$/);
  expect(status).not.toMatch(/\d{1,2}:\d{2}:\d{2}/);
}

/** The scale bars of the trip map and of the Explorer's map speak the traveler's units: miles, then kilometres. */
export async function theScaleBarsSpeakTheTravelersUnits(trips: TripsDriver, testInfo: TestInfo) {
  const tripScale = trips.page.getByTestId('trip-map').locator('.maplibregl-ctrl-scale');
  await trips.chooseUnits('mi');
  await expect(tripScale).toHaveText(/^\d+\s?(mi|ft)$/);
  await trips.chooseUnits('km');
  await expect(tripScale).toHaveText(/^\d+\s?k?m$/);

  const explorer = new ExplorerDriver(trips.page, testInfo);
  await explorer.visit();
  const explorerScale = explorer.map.locator('.maplibregl-ctrl-scale');
  await expect(explorerScale).toHaveText(/^\d+\s?k?m$/);
  await explorer.chooseUnits('mi');
  await expect(explorerScale).toHaveText(/^\d+\s?(mi|ft)$/);
}

/** On a phone, the trip map's credits start folded to maplibre's "i", which still opens them. */
export async function theTripMapCreditsStartFolded(trips: TripsDriver) {
  const credits = trips.page.getByTestId('trip-map').locator('.maplibregl-ctrl-attrib');
  await expect(credits).toHaveClass(/maplibregl-compact/);
  await expect(credits).not.toHaveClass(/maplibregl-compact-show/);
  await credits.locator('.maplibregl-ctrl-attrib-button').click();
  await expect(credits).toHaveClass(/maplibregl-compact-show/);
}

/** The fuel's cost says its currency: the browser's region's at first, then the one the traveler picks. */
export async function theFuelCostSaysItsCurrency(trips: TripsDriver, first: RegExp, picked: { currency: string; shown: RegExp }) {
  await trips.typeFuelPrice('3.89');
  await expect(trips.fuel.getByTestId('fuel-cost-total')).toHaveText(first);
  await trips.fuel.getByLabel('Currency').selectOption(picked.currency);
  await expect(trips.fuel.getByTestId('fuel-cost-total')).toHaveText(picked.shown);
}

/** The nearest places to Denver that the API details: the drawer's test subjects. */
async function placesNearDenver(): Promise<Place[]> {
  const found = await apiSearch('center=-104.9903,39.7392&radius=400000&sort=distance&limit=50');
  return Promise.all(found.data.map(async (hit) => (await placesApi<{ data: Place }>(`canonical_places/${hit.id}`)).data));
}

/**
 * The drawer in a traveler's words: a closure ahead in amber with its dates in words (not "Operating normally:
 * Temporarily closed from 2027-05-11"), "Open 24 hours", when holiday hours apply, and the record's id and fidelity
 * folded away; no "API reference" in a visitor's header; no feature cut short.
 */
export async function theDrawerSpeaksPlainly(page: Page, testInfo: TestInfo, screenshot: string) {
  const today = new Date().toISOString().slice(0, 10);
  const places = await placesNearDenver();
  const closing = places.find((p) => p.status?.operating_normally && (p.status.changes_at ?? '') > today && p.temporary_closures?.some((c) => c.start_date === p.status!.changes_at));
  const allDay = places.find((p) => p.hours?.['<default>']?.mon_open_close?.[0] === '00:00-24:00');
  const holiday = places.find((p) => p.hours?.holiday);
  expect(closing && allDay && holiday, 'the demo has a closure ahead, a 24-hour place and holiday hours near Denver').toBeTruthy();

  const explorer = new ExplorerDriver(page, testInfo);
  await explorer.openExplorer(`place=${closing!.id}`);
  const status = explorer.drawer.getByTestId('place-status');
  await expect(status).toHaveText(/^Open as usual until [A-Z][a-z]{2} \d{1,2}, \d{4}, then temporarily closed /);
  await expect(status).not.toHaveText(/\d{4}-\d{2}-\d{2}/);
  await expect(status).toHaveClass(/bg-amber-50/);
  const record = explorer.drawer.getByTestId('place-record');
  await expect(record).not.toHaveAttribute('open');
  await expect(explorer.drawer.getByText(/^Data fidelity/)).toBeHidden();
  await expect(explorer.drawer.getByText(/previously/)).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: /API reference/ })).toHaveCount(0);
  const cut = await explorer.drawer.getByTestId('place-features').locator('li').evaluateAll((items) => items.filter((i) => i.scrollWidth > i.clientWidth).map((i) => i.textContent));
  expect(cut).toEqual([]);
  await explorer.screenshot(screenshot);
  expect(await explorer.seriousAxeViolations()).toEqual([]);

  await explorer.openExplorer(`place=${allDay!.id}`);
  await expect(explorer.drawer.getByTestId('place-hours').getByRole('row', { name: /^Monday/ }).first()).toContainText('Open 24 hours');
  await explorer.openExplorer(`place=${holiday!.id}`);
  await expect(explorer.drawer.getByTestId('place-hours').locator('caption', { hasText: 'Holiday hours (public holidays)' })).toBeVisible();
}

/** The campgrounds nearest a point, from the API (the demo's places near the parks, issue 49's major 1). */
async function campgroundsNear(lon: number, lat: number): Promise<Place[]> {
  return (await apiSearch(`center=${lon},${lat}&radius=50000&tags=campgrounds&sort=distance&limit=10`)).data;
}

/**
 * Campgrounds where the trip goes (none within 50 km of Moab or Zion before), made stops; each stop's details open
 * from the trip, by its name in the list (mouse or keyboard) and by its pin on the map, without proposing a new stop.
 */
export async function openAStopsDetailsFromTheTrip(page: Page, testInfo: TestInfo, screenshot: string) {
  const [moab, zion] = await Promise.all([campgroundsNear(-109.5498, 38.5733), campgroundsNear(-112.9986, 37.1889)]);
  expect(moab.length, 'campgrounds within 50 km of Moab').toBeGreaterThanOrEqual(2);
  expect(zion.length, 'campgrounds within 50 km of Springdale').toBeGreaterThanOrEqual(2);
  const { trips } = await signedIn(page, testInfo);
  await trips.givenPlaceTrip('Parks by campground', [moab[0].id, zion[0].id]);
  const drawer = page.getByTestId('place-drawer');

  await trips.stops.nth(0).getByRole('button', { name: moab[0].name, exact: true }).click();
  await expect(drawer.getByRole('heading', { name: moab[0].name, level: 2 })).toBeVisible();
  await expect(drawer.getByTestId('place-hours')).toBeVisible();
  await trips.screenshot(screenshot);
  expect(await trips.seriousAxeViolations()).toEqual([]);
  await trips.closeDrawer();

  await trips.stops.nth(1).getByRole('button', { name: zion[0].name, exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('heading', { name: zion[0].name, level: 2 })).toBeVisible();
  await trips.closeDrawer();

  await page.getByTestId('trip-pin').nth(0).click();
  await expect(drawer.getByRole('heading', { name: moab[0].name, level: 2 })).toBeVisible();
  await expect(page.getByText('Click or tap the map to pick a point, or type its coordinates.')).toBeVisible();
}

/**
 * "Find along this trip" over the parks trip finds campgrounds and RV parks on the way (2 along 903 miles before,
 * both in Las Vegas), and each result says what it is: a campground, a gas station, a dealer.
 */
export async function findCampgroundsAlongTheParksTrip(trips: TripsDriver, screenshot: string) {
  await trips.searchAlong({ km: 30 });
  const kinds = trips.alongSection.getByTestId('along-what');
  await expect(kinds.first()).toBeVisible();
  const said = await kinds.allTextContents();
  expect(said.every((text) => text.trim().length > 0)).toBe(true);
  expect(said.filter((text) => /Campground|RV Park/.test(text)).length).toBeGreaterThanOrEqual(3);
  await trips.alongSection.scrollIntoViewIfNeeded();
  await trips.screenshot(screenshot);
  expect(await trips.seriousAxeViolations()).toEqual([]);
}

/** Types a name into "Add a stop" key by key and picks the suggestion that matches, by keyboard or by pointer. */
async function addAStopByName(trips: TripsDriver, typed: string, suggestion: RegExp, how: 'keyboard' | 'pointer') {
  const box = trips.page.getByTestId('add-stop-by-name');
  const field = box.getByRole('combobox', { name: 'Add a stop' });
  await field.click();
  await field.pressSequentially(typed, { delay: 40 });
  const options = box.getByRole('option');
  const wanted = options.filter({ hasText: suggestion }).first();
  await expect(wanted).toBeVisible();
  const saved = trips.page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/trips\/[^/]+$/.test(r.url()));
  if (how === 'pointer') {
    await wanted.click();
  } else {
    const wantedId = await wanted.getAttribute('id');
    for (let i = 0; i < 8 && (await field.getAttribute('aria-activedescendant')) !== wantedId; i++) await field.press('ArrowDown');
    await field.press('Enter');
  }
  expect((await saved).status()).toBe(200);
  await expect(field).toHaveValue('');
}

/**
 * "Add a stop" by name, from the Explorer's gazetteer: a park and a town typed key by key land at their places on the
 * way (Denver → Las Vegas, then Zion between them, then Moab before Zion), with the keyboard or the pointer.
 */
export async function addStopsByName(trips: TripsDriver, how: 'keyboard' | 'pointer', screenshot: string) {
  await trips.givenTrip('By name', [PARKS_TRIP[0], PARKS_TRIP[4]]);
  await addAStopByName(trips, 'Zion', /^Zion National Park/, how);
  await expect.poll(() => trips.names()).toEqual(['Denver', 'Zion National Park', 'Las Vegas']);
  await addAStopByName(trips, 'Moab', /^Moab.*UT/, how);
  // A town is named with its state: there are many of most names.
  await expect.poll(() => trips.names()).toEqual(['Denver', 'Moab, UT', 'Zion National Park', 'Las Vegas']);
  await expect(trips.page.getByTestId('add-stop-by-name-status')).toHaveText(/^Added Moab, UT/);
  await trips.page.getByTestId('add-stop-by-name').scrollIntoViewIfNeeded();
  await trips.screenshot(screenshot);
  expect(await trips.seriousAxeViolations()).toEqual([]);
}

/** A read-only link says who shared it, and its points are "a point", not the visitor's own. */
export async function aSharedLinkSaysWhoSharedIt(trips: TripsDriver, browser: Browser, testInfo: TestInfo, screenshot: string) {
  const link = await trips.createShareLink();
  const visitor = await TripsDriver.signedOut(browser, testInfo, { viewport: trips.windowSize() });
  await visitor.openSharedLink(link);
  await expect(visitor.sharedBanner).toHaveText('Shared with you by Tess Traveler: read-only.');
  await expect(visitor.stops.nth(1).getByTestId('trip-stop-where')).toHaveText(/^A point · 38\.5733, -109\.5498$/);
  await visitor.screenshot(screenshot);
  expect(await visitor.seriousAxeViolations()).toEqual([]);
  await visitor.close();
}

/**
 * Choosing a class A shows its figures at once (none showed until "Route for this vehicle"), and "My own figures…"
 * then starts from the class A's (a class A kept the car's 5'11" of width before).
 */
export async function aClassAShowsItsFiguresAndOwnFiguresStartFromIt(trips: TripsDriver, width: { label: string; classA: string }) {
  const panel = trips.page.getByTestId('trip-vehicle');
  await panel.getByRole('button', { name: 'Change vehicle' }).click();
  // The button is gone with the form open: the keyboard goes on from the form's first field, and back to the button after.
  await expect(panel.getByLabel('Kind of vehicle')).toBeFocused();
  await panel.getByLabel('Kind of vehicle').selectOption({ label: 'Class A motorhome' });
  await expect(panel.getByTestId('vehicle-choice-figures')).toHaveText(/^Class A motorhome: .+ high, .+ wide/);
  await panel.getByLabel('Kind of vehicle').selectOption('custom');
  await expect(panel.getByLabel(width.label)).toHaveValue(width.classA);
  await trips.cancelVehicleChange();
  await expect(panel.getByRole('button', { name: 'Change vehicle' })).toBeFocused();
}

/**
 * The overnight plan stays through a reload (it reset before), and its nights agree with the trip's total: the
 * Moab and Springdale stays planned, and the nights on the way said apart.
 */
export async function theOvernightPlanIsKeptAndCountsLikeTheTrip(trips: TripsDriver) {
  await trips.planStop(1, { nights: 3 });
  await trips.planStop(2, { nights: 2 });
  await trips.planOvernights(5);
  await expect(trips.overnightLimit).toHaveText(/: \d+ nights \(5 planned at stops, \d+ on the way\)\.$/);
  const said = await trips.overnightLimit.textContent();
  await trips.reload();
  await trips.waitForMap();
  await expect(trips.overnightLimit).toHaveText(said!);
  await expect(trips.page.getByTestId('overnight-planner').getByLabel('Driving per day (hours)')).toHaveValue('5');
}

/** The real drives of the parks trip's legs (km, hours), as route planners give them, rounded. */
const PARKS_TRIP_REAL_DRIVES: [km: number, hours: number][] = [
  [570, 5.5],
  [495, 4.75],
  [407, 4.5],
  [447, 4.5],
];

const hoursOf = (text: string) => {
  const [, h = '0', m = '0'] = /(?:(\d+) h)?\s*(?:(\d+) min)?\s*$/.exec(text.replace(/ · straight line$/, '')) ?? [];
  return Number(h) + Number(m) / 60;
};

/**
 * Major 3: the parks trip's legs are road trips on the demo roads (I-70, US 191, US 89, AZ 64, I-40, US 93), each
 * within 20 % of the real drive in distance and time; a stop no road reaches (Honolulu) makes a straight-line leg,
 * and the totals say how much of the trip is that guess.
 */
export async function theParksTripFollowsTheRoads(trips: TripsDriver, screenshot: string) {
  await trips.inKilometres();
  await trips.page.reload();
  await expect(trips.legs).toHaveCount(PARKS_TRIP.length - 1);
  await expect(trips.totals).toContainText('Roads: Demo roads (generated).');
  const legs = await trips.legs.evaluateAll((nodes) => nodes.map((n) => n.querySelector('p')?.textContent ?? ''));
  legs.forEach((text, i) => {
    const [km, hours] = PARKS_TRIP_REAL_DRIVES[i];
    expect(text, `leg ${i + 1}`).not.toContain('straight line');
    const shown = Number(/([\d,]+(?:\.\d)?) km/.exec(text)![1].replace(/,/g, ''));
    expect(shown / km, `leg ${i + 1}: ${text} against ${km} km`).toBeGreaterThan(0.8);
    expect(shown / km, `leg ${i + 1}: ${text} against ${km} km`).toBeLessThan(1.2);
    expect(hoursOf(text) / hours, `leg ${i + 1}: ${text} against ${hours} h`).toBeGreaterThan(0.8);
    expect(hoursOf(text) / hours, `leg ${i + 1}: ${text} against ${hours} h`).toBeLessThan(1.2);
  });
  await expect(trips.totals).not.toContainText('estimated in a straight line');
  await expect(trips.map).toHaveAttribute('data-guesses', '0');
  await trips.screenshot(screenshot);
  expect(await trips.seriousAxeViolations()).toEqual([]);

  await trips.givenTrip('Vegas, then the islands', [PARKS_TRIP[4], { name: 'Honolulu', lon: -157.8583, lat: 21.3069 }]);
  await expect(trips.legs).toHaveText(/straight line/);
  await expect(trips.page.getByTestId('trip-estimated')).toHaveText(/^including [\d,]+ km estimated in a straight line$/);
  // and the map draws that leg as the guess it is, not as a road.
  await expect(trips.map).toHaveAttribute('data-guesses', '1');
}
