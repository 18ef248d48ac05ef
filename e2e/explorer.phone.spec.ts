import { expect, test } from '@playwright/test';
import { ExplorerDriver } from './support/explorer-driver';

test('on a phone the results and the drawer are sheets over the map', async ({ page }, testInfo) => {
  const explorer = new ExplorerDriver(page, testInfo);
  await explorer.openExplorer();
  const total = await explorer.settledTotal();
  expect(total).toBeGreaterThan(0);
  const sheet = page.getByRole('complementary', { name: 'Search and results' });
  const box = (await sheet.boundingBox())!;
  expect(box.width).toBe(390);
  expect(box.y).toBeGreaterThan(300);
  await explorer.screenshot('results-sheet');
  expect(await explorer.seriousAxeViolations()).toEqual([]);

  await page.getByRole('button', { name: 'Show more results' }).click();
  await explorer.screenshot('results-sheet-expanded');
  await explorer.openResult(0);
  await expect(explorer.drawer.getByRole('heading', { level: 2 })).toBeVisible();
  await explorer.screenshot('drawer-sheet');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  await page.getByRole('button', { name: 'Close place details' }).click();
  await expect(explorer.drawer).toHaveCount(0);
});
