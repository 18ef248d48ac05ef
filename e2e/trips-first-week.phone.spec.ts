// Issue 49 at a phone's size: each test replays one of the couple's trip-ups, after its fix.
import { expect, test } from '@playwright/test';
import {
  theOvernightPlanIsKeptAndCountsLikeTheTrip,
  aClassAShowsItsFiguresAndOwnFiguresStartFromIt,
  aSharedLinkSaysWhoSharedIt,
  addStopsByName,
  findCampgroundsAlongTheParksTrip,
  keepTheTripAndSeeWhenToTheMinute,
  openTheTripWithoutAHydrationMismatch,
  openAStopsDetailsFromTheTrip,
  theDrawerSpeaksPlainly,
  theFuelCostSaysItsCurrency,
  theParksTrip,
  theParksTripFollowsTheRoads,
  theScaleBarsSpeakTheTravelersUnits,
  theTripMapCreditsStartFolded,
} from './support/first-week-journeys';
import { signedIn } from './support/trips-journeys';

test.describe('a retired couple’s first week (issue 49), phone, in Phoenix’s time zone and in British English', () => {
  test.use({ timezoneId: 'America/Phoenix', locale: 'en-GB' });

  test('the trip page hydrates without a mismatch, a kept trip says when to the minute, and the map’s credits start folded', async ({ page }, testInfo) => {
    const { trips, id } = await theParksTrip(page, testInfo);
    await openTheTripWithoutAHydrationMismatch(trips, id);
    await theTripMapCreditsStartFolded(trips);
    await keepTheTripAndSeeWhenToTheMinute(trips);
    await trips.screenshot('first-week-parks-trip-phone');
    expect(await trips.seriousAxeViolations()).toEqual([]);
  });

  test('the fuel’s cost says pounds in British English, then Canadian dollars when chosen; the scale bars follow the units', async ({ page }, testInfo) => {
    const { trips } = await theParksTrip(page, testInfo);
    await theFuelCostSaysItsCurrency(trips, /^, costing about £[\d,]+\.\d{2}$/, { currency: 'CAD', shown: /^, costing about CA\$[\d,]+\.\d{2}$/ });
    await theScaleBarsSpeakTheTravelersUnits(trips, testInfo);
  });

  test('the drawer speaks plainly: a closure ahead in words, 24 hours, holiday hours, the record folded', async ({ page }, testInfo) => {
    await theDrawerSpeaksPlainly(page, testInfo, 'first-week-drawer-phone');
  });

  test('campgrounds near Moab and Zion, made stops, open their details from the trip: by name, by keyboard, by pin', async ({ page }, testInfo) => {
    await openAStopsDetailsFromTheTrip(page, testInfo, 'first-week-stop-details-phone');
  });

  test('find along the parks trip: campgrounds and RV parks on the way, each saying what it is', async ({ page }, testInfo) => {
    const { trips } = await theParksTrip(page, testInfo);
    await findCampgroundsAlongTheParksTrip(trips, 'first-week-along-phone');
  });

  test('“Add a stop” by name, with the pointer: Zion, then Moab, each at its place on the way', async ({ page }, testInfo) => {
    const { trips } = await signedIn(page, testInfo);
    await addStopsByName(trips, 'pointer', 'first-week-add-by-name-phone');
  });

  test('a read-only link says who shared it, and its points are not the visitor’s', async ({ page, browser }, testInfo) => {
    const { trips } = await theParksTrip(page, testInfo);
    await aSharedLinkSaysWhoSharedIt(trips, browser, testInfo, 'first-week-shared-by-phone');
  });

  test('a class A shows its figures as soon as it is chosen, and “My own figures…” starts from them', async ({ page }, testInfo) => {
    const { trips } = await theParksTrip(page, testInfo);
    await aClassAShowsItsFiguresAndOwnFiguresStartFromIt(trips, { label: 'Width (ft)', classA: '8\'6"' });
  });

  test('the overnight plan is kept through a reload, and its nights agree with the trip’s', async ({ page }, testInfo) => {
    const { trips } = await theParksTrip(page, testInfo);
    await theOvernightPlanIsKeptAndCountsLikeTheTrip(trips);
  });
  test('the parks trip’s legs follow the roads, each within 20 % of the real drive; a straight-line guess is said in the totals', async ({ page }, testInfo) => {
    const { trips } = await theParksTrip(page, testInfo);
    await theParksTripFollowsTheRoads(trips, 'first-week-parks-roads-phone');
  });
});
