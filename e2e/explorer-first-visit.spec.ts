// Issue 40, items 4 and 7: a first visit says what this is, and an empty search is no dead end.
import { expect, test } from '@playwright/test';
import { ExplorerDriver } from './support/explorer-driver';
import { widenToTheNearestMatch } from './support/nearest-match-journey';

test.describe('a first visit', () => {
  test('says in one visible line what the product does, and offers Trips signed out', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer();
    await expect(explorer.tagline).toBeVisible();
    await expect(explorer.tagline).toHaveText(/plan road trips/);
    // The seeded places are generated, and the header says so on every page.
    await expect(explorer.demoDataLabel).toHaveText(/^Demo data/);
    await expect(explorer.demoDataLabel).toBeVisible();
    await explorer.screenshot('first-visit');
    expect(await explorer.seriousAxeViolations()).toEqual([]);

    await explorer.goToTrips();
    await explorer.expectAt(/\/trips$/);
    await expect(explorer.main).toContainText(/sign in/i);
  });

  test('names the area by place, in the first HTML already', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    const html = await explorer.firstHtml();
    expect(html).toMatch(/Within (150 km|93 mi) of Denver, CO/);
    await explorer.openExplorer();
    await expect(explorer.areaSummary).toHaveText(/^Within (150 km|93 mi) of Denver, CO$/);
    // Away from any town, the middle is "a point near" the nearest; far from all, its coordinates.
    await explorer.openExplorer('circle=-104.5,39.9,20000');
    await expect(explorer.areaSummary).toHaveText(/^Within (20 km|12 mi) of a point near .+, CO$/);
    await explorer.openExplorer('circle=-140,40,20000');
    await expect(explorer.areaSummary).toHaveText(/^Within (20 km|12 mi) of 40, -140$/);
  });

  test('an empty search names its nearest match and widens to reach it, framing the wider circle', async ({ page }, testInfo) => {
    await widenToTheNearestMatch(new ExplorerDriver(page, testInfo), 'empty-search-nearest');
  });

  test('Escape leaves the circle and box modes', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer();
    for (const name of ['Circle', 'Box']) {
      await explorer.areaTool(name).click();
      await expect(explorer.areaTool(name)).toHaveAttribute('aria-pressed', 'true');
      await explorer.pressKey('Escape');
      await expect(explorer.areaTool(name)).toHaveAttribute('aria-pressed', 'false');
    }
  });
});
