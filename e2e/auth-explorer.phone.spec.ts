import { expect, test } from '@playwright/test';
import { AuthDriver, organizationSearch } from './support/auth-driver';
import { ExplorerDriver } from './support/explorer-driver';
import { DENSE_CIRCLE } from './fixtures/areas';

test('switching organization drops filters it cannot use, with a notice', async ({ page }, testInfo) => {
  const explorer = new ExplorerDriver(page, testInfo);
  const auth = new AuthDriver(page, testInfo);
  // Given the dealer on a phone, exploring as Summit RV (every tag), filtered by museums.
  await explorer.openExplorer(DENSE_CIRCLE);
  await auth.signInAs('dealer');
  if ((await auth.sessionSummary()).activeOrganizationId !== 'org-summit-rv') await auth.switchOrganization('org-summit-rv');
  await explorer.settledTotal();
  await explorer.pressChip('museums');
  await expect.poll(() => explorer.urlParams().get('tags')).toBe('museums');
  await explorer.settledTotal();

  // When they switch to Roamwell in the account menu,
  await auth.switchOrganization('org-roamwell');
  await page.keyboard.press('Escape');

  // then the sheet names the removed filter above Roamwell's own results.
  await expect(explorer.droppedFiltersNotice).toContainText('Museums (tag)');
  await expect(explorer.droppedFiltersNotice).toBeInViewport();
  const ids = await explorer.resultIds();
  expect(ids).toEqual((await organizationSearch(await explorer.lastSearchQuery(), 'org-roamwell')).data.map((p) => p.id));
  await explorer.screenshot('switch-dropped-filters');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  await explorer.dismissDroppedFiltersNotice();
  await expect(explorer.droppedFiltersNotice).toHaveCount(0);
});
