import { expect, test } from '@playwright/test';
import { TripsDriver } from './support/trips-driver';
import { expectReadOnlyTrip, findAlongReadOnly, signedIn } from './support/trips-journeys';

const STOPS = [
  { name: 'Denver', lon: -104.9903, lat: 39.7392 },
  { name: 'Boulder', lon: -105.2705, lat: 40.015 },
  { name: 'Estes Park', lon: -105.5217, lat: 40.3772 },
  { name: 'Fort Collins', lon: -105.0844, lat: 40.5853 },
];

test('on a phone, a traveler reorders a 4-stop trip with the keyboard and shares it read-only', async ({ page, browser }, testInfo) => {
  const { auth, trips } = await signedIn(page, testInfo);
  await trips.givenTrip('Front Range', STOPS);

  await expect(trips.legs).toHaveCount(3);
  await trips.screenshot('trip-phone');
  expect(await trips.seriousAxeViolations()).toEqual([]);

  await trips.moveStopByKeyboard(3, -2);
  expect(await trips.names()).toEqual(['Denver', 'Fort Collins', 'Boulder', 'Estes Park']);
  await trips.dragStop(0, 2);
  expect(await trips.names()).toEqual(['Fort Collins', 'Boulder', 'Denver', 'Estes Park']);

  const link = await trips.createShareLink();
  const visitor = await TripsDriver.signedOut(browser, testInfo, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await visitor.openSharedLink(link);
  await expectReadOnlyTrip(visitor, ['Fort Collins', 'Boulder', 'Denver', 'Estes Park'], 'trip-shared-phone');
  await findAlongReadOnly(visitor, 'trip-shared-along-phone');
  await visitor.close();

  // The account menu leads to My trips.
  await auth.openAccountMenu();
  await trips.followMyTripsLink();
  await expect(trips.tripList).toContainText('Front Range');
  await trips.screenshot('my-trips-phone');
});

test('on a phone, a traveler searches along a trip and sees the places in route order', async ({ page }, testInfo) => {
  const { trips } = await signedIn(page, testInfo);
  await trips.inKilometres();
  // A first stop with a long name: each result's "Add after <stop>" must not squeeze the place's name away.
  await trips.givenTrip('Front Range finds', [{ ...STOPS[0], name: 'Grandma and Grandpa Henderson’s lake house' }, ...STOPS.slice(1)]);

  await trips.searchAlong({ km: 20 });
  await expect(trips.alongTotal).toHaveText(/^[\d,]+ places? within 20 km of your route$/);
  for (const row of (await trips.alongSection.getByTestId('along-result').all()).slice(0, 5)) {
    const add = row.getByRole('button', { name: /^Add after/ }).or(row.getByText('On the trip'));
    const [card, name, button] = await Promise.all([row.boundingBox(), row.getByTestId('along-name').boundingBox(), add.boundingBox()]);
    expect(name!.width, 'the place name keeps most of the card').toBeGreaterThan(card!.width * 0.6);
    expect(button!.x + button!.width, 'the button stays inside the card').toBeLessThanOrEqual(card!.x + card!.width + 0.5);
  }
  await trips.alongTotal.scrollIntoViewIfNeeded();
  await trips.screenshot('trip-along-phone');
  expect(await trips.seriousAxeViolations()).toEqual([]);

  // A result's name opens its details in a sheet over the page (the map above the plan is too short to hold it).
  const first = trips.alongSection.getByTestId('along-result').first();
  const id = Number(await first.getAttribute('data-place-id'));
  const name = (await first.getByTestId('along-name').textContent())!;
  await trips.openAlongResult(id);
  await expect(trips.drawer.getByRole('heading', { level: 2 })).toHaveText(name);
  const sheet = (await trips.drawer.boundingBox())!;
  expect(sheet.y + sheet.height).toBeLessThanOrEqual(844 + 0.5);
  expect(sheet.height).toBeGreaterThan(844 * 0.6);
  await expect(trips.drawer.getByRole('button', { name: /^Add after|On the trip/ }).or(trips.drawer.getByText('On the trip'))).toBeVisible();
  await trips.screenshot('trip-along-drawer-phone');
  expect(await trips.seriousAxeViolations()).toEqual([]);
  await trips.closeDrawer();
  await expect(trips.drawer).toHaveCount(0);
});
