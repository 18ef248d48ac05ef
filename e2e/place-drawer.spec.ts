// Issue 40, minor points on the drawer: one thing said once, and nothing cut off.
import { expect, test } from '@playwright/test';
import type { Place } from '../lib/explorer/types';
import { apiSearch, placesApi } from './fixtures/places-api';
import { AuthDriver } from './support/auth-driver';
import { ExplorerDriver } from './support/explorer-driver';
import { readTheReviews } from './support/review-journey';

async function firstPlace(where: (p: Place) => boolean): Promise<Place> {
  const found = await apiSearch('center=-74.006,40.7128&radius=300000&sort=distance&limit=50');
  for (const hit of found.data) {
    const place = (await placesApi<{ data: Place }>(`canonical_places/${hit.id}`)).data;
    if (where(place)) return place;
  }
  throw new Error('no such place among the 50 nearest New York');
}

test('a place without parking says only "No parking", and its other names do not repeat its name', async ({ page }, testInfo) => {
  const noParking = await firstPlace((p) => p.parking_details?.available === false);
  expect(noParking.parking_details).toMatchObject({ free: false, rv: false, street: false });
  const explorer = new ExplorerDriver(page, testInfo);
  await explorer.openExplorer(`place=${noParking.id}`);
  const features = explorer.drawer.getByTestId('place-features');
  await expect(features).toContainText('No parking');
  for (const kind of ['Free parking', 'Paid parking', 'RV parking', 'Street parking']) await expect(features).not.toContainText(kind);

  // No place's other name is its name again with the town its name already says ("Grand Junction RV Park (Grand Junction)").
  const near = await apiSearch('center=-74.006,40.7128&radius=300000&sort=distance&limit=50');
  for (const p of near.data) {
    const town = p.locations?.[0]?.city ?? '';
    if (town && p.name.includes(town)) expect(p.alt_names ?? [], p.name).not.toContain(`${p.name} (${town})`);
  }
  const named = near.data.find((p) => (p.alt_names?.length ?? 0) > 0)!;
  await explorer.openExplorer(`place=${named.id}`);
  await expect(explorer.drawer.getByText(/^Also known as /)).toHaveText(`Also known as ${named.alt_names!.join(', ')}`);
  await explorer.screenshot('drawer-other-names');
});

test('the drawer’s "New trip" button is never cut off', async ({ page }, testInfo) => {
  const auth = new AuthDriver(page, testInfo);
  await auth.signInByRequests('traveler', '/trips');
  const place = await firstPlace(() => true);
  const explorer = new ExplorerDriver(page, testInfo);
  await explorer.openExplorer(`place=${place.id}`);
  await explorer.drawer.getByRole('button', { name: 'Add to trip' }).click();
  await explorer.drawer.getByLabel('New trip name').fill('A very long name for a trip to see that the button keeps its words');
  const button = explorer.drawer.getByRole('button', { name: 'New trip', exact: true });
  await expect(button).toBeVisible();
  const [inner, outer] = await button.evaluate((b) => [b.scrollWidth, b.clientWidth]);
  expect(inner, 'the label fits its button').toBeLessThanOrEqual(outer);
  const box = (await button.boundingBox())!;
  const drawer = (await explorer.drawer.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(drawer.x + drawer.width);
  await explorer.screenshot('drawer-new-trip');
  expect(await explorer.seriousAxeViolations()).toEqual([]);

  // The account menu opens over the drawer: its last item takes a click (a trial: nothing covers it).
  await auth.openAccountMenu();
  await auth.signOutButton.click({ trial: true });
  await explorer.screenshot('drawer-account-menu');
});

test('each review says its stars and when its author was there, and the ratings count every review', async ({ page }, testInfo) => {
  await readTheReviews(new ExplorerDriver(page, testInfo), 'drawer-reviews');
});
