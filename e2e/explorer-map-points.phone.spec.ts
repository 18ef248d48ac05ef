// Issue 40, "Markers" and "Keyboard" on a phone: each place drawn once, the key, the basemap's credit folded into an
// "i" over the map's corner (with and without JavaScript), and Go to early in the Tab order.
import { expect, test } from '@playwright/test';
import { DENSE_CIRCLE } from './fixtures/areas';
import { ExplorerDriver } from './support/explorer-driver';
import { checkEachPlaceDrawnOnce, checkGoToEarlyInTabOrder, checkLegendForTwoKinds } from './support/map-points-checks';

const overlap = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('on a phone, the Explorer map’s points', () => {
  test('each place in view is drawn once: the page’s marker, without the clusters’ dot of the same place', async ({ page }, testInfo) => {
    // Two visits (one to measure the map, one on the chosen view): about 25 s alone, a minute on a busy machine.
    test.setTimeout(150_000);
    await checkEachPlaceDrawnOnce(new ExplorerDriver(page, testInfo));
  });

  test('with more matches than a page, a key names the page’s results and the other matches', async ({ page }, testInfo) => {
    await checkLegendForTwoKinds(new ExplorerDriver(page, testInfo), DENSE_CIRCLE);
  });

  test('the basemap’s credit is a folded "i" over the map’s corner, opened by touch or keyboard', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer();
    await explorer.settledTotal();
    const credit = explorer.foldedMapCredit;
    const button = credit.locator('summary');
    const naturalEarth = credit.getByRole('link', { name: 'Natural Earth' });
    await expect(explorer.mapCredit).toBeHidden();
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleName('Map credits');
    await expect(naturalEarth).toBeHidden();

    // Folded, it takes no strip off the map: the map reaches the sheet, the "i" sits in its corner, under the zoom buttons.
    const map = (await explorer.map.boundingBox())!;
    const sheet = (await explorer.resultsPanel.boundingBox())!;
    expect(Math.abs(map.y + map.height - sheet.y)).toBeLessThanOrEqual(1);
    const i = (await button.boundingBox())!;
    expect(i.width).toBeLessThanOrEqual(32);
    expect(i.x + i.width).toBeGreaterThan(map.x + map.width - 24);
    expect(i.y + i.height).toBeGreaterThan(map.y + map.height - 24);
    const zoom = (await explorer.zoomButtons.boundingBox())!;
    expect(overlap(i, zoom)).toBe(false);
    await explorer.screenshot('map-credit-folded');

    // By keyboard: from the map, past the zoom buttons, to the "i"; Enter opens it, its links take the focus.
    await explorer.mapCanvas.focus();
    for (let n = 0; n < 4 && !(await button.evaluate((el) => el === document.activeElement)); n++) await explorer.pressKey('Tab');
    await expect(button).toBeFocused();
    await explorer.pressKey('Enter');
    await expect(naturalEarth).toBeVisible();
    await expect(credit.getByRole('link', { name: 'GeoNames' })).toBeVisible();
    await expect(credit).toContainText('US Census Bureau');
    await explorer.pressKey('Tab');
    await expect(naturalEarth).toBeFocused();
    const opened = (await credit.locator('p').boundingBox())!;
    expect(overlap(opened, zoom)).toBe(false);
    expect(opened.x).toBeGreaterThanOrEqual(map.x);
    await explorer.screenshot('map-credit-open');
    expect(await explorer.seriousAxeViolations()).toEqual([]);

    // A touch folds it again.
    await button.tap();
    await expect(naturalEarth).toBeHidden();
  });

  test('Go to comes right after the skip links, the header and the sheet’s handle', async ({ page }, testInfo) => {
    await checkGoToEarlyInTabOrder(new ExplorerDriver(page, testInfo), ['page: Show more results']);
  });
});

test.describe('on a phone without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the basemap’s credit still opens from its "i"', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.visit();
    const credit = explorer.foldedMapCredit;
    await expect(credit.locator('summary')).toBeVisible();
    await expect(credit.getByRole('link', { name: 'Natural Earth' })).toBeHidden();
    await credit.locator('summary').tap();
    await expect(credit.getByRole('link', { name: 'Natural Earth' })).toBeVisible();
    await explorer.screenshotWhileTheMapLoads('map-credit-without-javascript');
  });
});
