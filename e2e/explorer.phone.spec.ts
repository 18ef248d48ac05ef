import { expect, test } from '@playwright/test';
import { DENSE_CENTER } from './fixtures/areas';
import { findRichPlace } from './fixtures/places-api';
import { ExplorerDriver } from './support/explorer-driver';
import { widenToTheNearestMatch } from './support/nearest-match-journey';
import { readTheReviews } from './support/review-journey';
import { checkEveryFocusRing, checkLinkedPlaceInView, checkMapLoadingUntilDrawn, followSkipLinkToFirstResult, nextPageJourney, tabToSkipLink } from './support/explorer-journeys';

test('on a phone the results and the drawer are sheets over the map', async ({ page }, testInfo) => {
  const explorer = new ExplorerDriver(page, testInfo);
  await explorer.openExplorer();
  const total = await explorer.settledTotal();
  expect(total).toBeGreaterThan(0);
  const sheet = explorer.resultsPanel;
  // The header has no room for the line that says what this is: the sheet says it first (issue 40).
  await expect(sheet.getByTestId('tagline-compact')).toBeVisible();
  const box = (await sheet.boundingBox())!;
  expect(box.width).toBe(390);
  expect(box.y).toBeGreaterThan(300);
  await explorer.screenshot('results-sheet');
  expect(await explorer.seriousAxeViolations()).toEqual([]);

  await expect(explorer.mapTotal).toBeVisible();
  await explorer.showMoreResults();
  // The map is a strip above the expanded sheet: its count, which would cover the attribution, gives way to the list's.
  await expect(explorer.mapTotal).toHaveCount(1);
  await expect(explorer.mapTotal).toBeHidden();
  await explorer.screenshot('results-sheet-expanded');
  await explorer.openResult(0);
  await expect(explorer.drawer.getByRole('heading', { level: 2 })).toBeVisible();
  await explorer.screenshot('drawer-sheet');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  await explorer.closeDrawer();
  await expect(explorer.drawer).toHaveCount(0);
  await explorer.showMoreMap();
  await expect(explorer.mapTotal).toBeVisible();
  // Held sideways, the collapsed sheet leaves the map about 145 px: room enough for the count under the tools.
  await explorer.resizeWindow({ width: 740, height: 360 });
  await expect(explorer.mapTotal).toBeVisible();
  await explorer.screenshot('results-sheet-sideways');
});

nextPageJourney();

test('the keyboard skips to the results or the map, and every focus ring shows on all four sides', async ({ page }, testInfo) => {
  const explorer = new ExplorerDriver(page, testInfo);
  await tabToSkipLink(explorer);
  await followSkipLinkToFirstResult(explorer);
  await checkEveryFocusRing(explorer);
});

test('a linked or picked place shows on the map and comes into view, the search unchanged', async ({ page }, testInfo) => {
  const far = await findRichPlace(DENSE_CENTER);
  await checkLinkedPlaceInView(new ExplorerDriver(page, testInfo), far);
});

test('3. on a phone, a drag inside the area pans the map; Move selects the area and shows its handles', async ({ page }, testInfo) => {
  const explorer = new ExplorerDriver(page, testInfo);
  await explorer.openExplorer('circle=-104.9903,39.7392,80000&map=7/39.7392/-104.9903');
  await explorer.settledTotal();
  const circle = explorer.urlParams().get('circle');
  const inside = await explorer.screenPoint(-104.9903 + 0.3, 39.7392);
  const view = await explorer.map.getAttribute('data-view');
  await explorer.dragMap(inside, { x: inside.x - 120, y: inside.y });
  await expect(explorer.map).not.toHaveAttribute('data-view', view ?? '');
  expect(explorer.urlParams().get('circle')).toBe(circle);

  await expect(explorer.mapTotal).toBeVisible();
  await explorer.moveTool.click();
  await expect(explorer.announcement('Arrow keys move it')).toBeVisible();
  // The hint lies where the count of places sits: the count gives way while the hint shows.
  await expect(explorer.mapTotal).toBeHidden();
  await explorer.screenshot('phone-area-selected-for-moving');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  await explorer.moveTool.click();
  await expect(explorer.moveTool).toHaveAttribute('aria-pressed', 'false');
  await expect(explorer.mapTotal).toBeVisible();
});

test('8. on a phone, "Go to" suggests a state by name and a tap frames it', async ({ page }, testInfo) => {
  const explorer = new ExplorerDriver(page, testInfo);
  await explorer.openExplorer();
  await explorer.settledTotal();
  await explorer.typeGoTo('uta');
  const utah = explorer.goToSuggestions.filter({ hasText: 'State' }).filter({ hasText: 'Utah' }).first();
  await expect(utah).toContainText('Utah');
  await explorer.screenshot('go-to-suggestions');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  expect(await explorer.pageWidth()).toBeLessThanOrEqual(390);
  // The list runs past the collapsed sheet: Down brings each suggestion it reaches into view.
  const count = await explorer.goToSuggestions.count();
  for (let i = 0; i < count; i++) await explorer.pressKey('ArrowDown');
  await expect(explorer.goToSuggestions.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
  await expect(explorer.goToSuggestions.nth(count - 1)).toBeInViewport({ ratio: 1 });
  await utah.tap();
  await expect.poll(() => explorer.urlParams().get('circle')?.split(',').slice(0, 2).join(',')).toBe('-111.547,39.5');
  await expect.poll(async () => {
    const [zoom, lat, lon] = ((await explorer.map.getAttribute('data-view')) ?? '0/0/0').split('/').map(Number);
    return zoom < 7 && Math.abs(lat - 39.5) < 2 && Math.abs(lon + 111.5) < 2;
  }).toBe(true);
  await explorer.settledTotal();
  await explorer.screenshot('go-to-utah');
});

test('on a phone too, the map says it is loading until its markers are drawn', async ({ page }, testInfo) => {
  await checkMapLoadingUntilDrawn(new ExplorerDriver(page, testInfo));
});

test('on a phone, an empty search widens to its nearest match and the map frames the wider circle', async ({ page }, testInfo) => {
  await widenToTheNearestMatch(new ExplorerDriver(page, testInfo), 'empty-search-nearest-phone');
});

test('on a phone, each review says its stars and when its author was there', async ({ page }, testInfo) => {
  await readTheReviews(new ExplorerDriver(page, testInfo), 'drawer-reviews-phone');
});
