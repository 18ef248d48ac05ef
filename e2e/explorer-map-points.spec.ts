// Issue 40, "Markers" and "Keyboard": each place drawn once on the map, a key when there are two kinds of marks, the
// basemap's credit, and Go to early in the Tab order (laptop; the phone's are in explorer-map-points.phone.spec.ts).
import { expect, test } from '@playwright/test';
import { DENSE_CIRCLE } from './fixtures/areas';
import { ExplorerDriver } from './support/explorer-driver';
import { checkEachPlaceDrawnOnce, checkGoToEarlyInTabOrder, checkLegendForTwoKinds } from './support/map-points-checks';

test.describe('the Explorer map’s points', () => {
  test('each place in view is drawn once: the page’s marker, without the clusters’ dot of the same place', async ({ page }, testInfo) => {
    // Two visits (one to measure the map, one on the chosen view): about 25 s alone, a minute on a busy machine.
    test.setTimeout(150_000);
    await checkEachPlaceDrawnOnce(new ExplorerDriver(page, testInfo));
  });

  test('with more matches than a page, a key names the page’s results and the other matches', async ({ page }, testInfo) => {
    await checkLegendForTwoKinds(new ExplorerDriver(page, testInfo), DENSE_CIRCLE);
  });

  test('the map’s credit stays a line under the map on a laptop', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer();
    await expect(explorer.mapCredit).toBeVisible();
    await expect(explorer.mapCredit.getByRole('link', { name: 'Natural Earth' })).toBeVisible();
    // The demo's roads are drawn on it, and said to be generated.
    await expect(explorer.mapCredit).toContainText('Roads: generated for the demo, not real roads');
    await expect(explorer.foldedMapCredit).toBeHidden();
  });

  test('Go to is the first stop after the skip links and the header, before the map and its tools', async ({ page }, testInfo) => {
    await checkGoToEarlyInTabOrder(new ExplorerDriver(page, testInfo), []);
  });
});
