import { expect, test } from '@playwright/test';
import { AuthDriver } from './support/auth-driver';
import { dealerFilteringByMuseums, dismissDroppedFiltersNotice, expectMuseumsDroppedForRoamwell } from './support/auth-explorer-journeys';
import { ExplorerDriver } from './support/explorer-driver';
import { widenAnEmptyMakeSearch } from './support/nearest-match-journey';

test('switching organization drops filters it cannot use, with a notice', async ({ page }, testInfo) => {
  const explorer = new ExplorerDriver(page, testInfo);
  const auth = new AuthDriver(page, testInfo);
  // Given the dealer on a phone, exploring as Summit RV (every tag), filtered by museums.
  await dealerFilteringByMuseums(explorer, auth);

  // When they switch to Roamwell in the account menu,
  await auth.switchOrganization('org-roamwell');
  await explorer.pressKey('Escape');

  // then the sheet names the removed filter above Roamwell's own results.
  await expectMuseumsDroppedForRoamwell(explorer);
  await expect(explorer.droppedFiltersNotice).toBeInViewport();
  await dismissDroppedFiltersNotice(explorer);
});

test('a search by serviced make that finds nothing names the nearest place servicing it, and widens to it', async ({ page }, testInfo) => {
  await widenAnEmptyMakeSearch(new ExplorerDriver(page, testInfo), new AuthDriver(page, testInfo), 'rv-make-nearest-phone');
});
