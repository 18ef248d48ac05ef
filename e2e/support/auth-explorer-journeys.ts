import { expect } from '@playwright/test';
import { DENSE_CIRCLE } from '../fixtures/areas';
import { organizationSearch, type AuthDriver } from './auth-driver';
import type { ExplorerDriver } from './explorer-driver';

/**
 * Exploring as an organization, the steps auth-explorer.spec.ts and auth-explorer.phone.spec.ts share: each project
 * runs them at its own size and keeps only what differs by size.
 */

/** The list shows exactly what the organization's client answers to the page's search; returns that answer. */
export async function expectShownAs(explorer: ExplorerDriver, organizationId: string) {
  const ids = await explorer.resultIds();
  const answer = await organizationSearch(await explorer.lastSearchQuery(), organizationId);
  expect(ids).toEqual(answer.data.map((p) => p.id));
  expect(await explorer.settledTotal()).toBe(answer.meta.total);
  return answer;
}

/** Signs in as the dealer on the Explorer and makes sure they explore as Summit RV. */
export async function dealerExploringAsSummit(explorer: ExplorerDriver, auth: AuthDriver, query = '') {
  await explorer.openExplorer(query);
  await auth.signInAs('dealer');
  if ((await auth.sessionSummary()).activeOrganizationId !== 'org-summit-rv') await auth.switchOrganization('org-summit-rv');
}

/** Given the dealer exploring as Summit RV (every tag), filtered by museums. */
export async function dealerFilteringByMuseums(explorer: ExplorerDriver, auth: AuthDriver) {
  await dealerExploringAsSummit(explorer, auth, DENSE_CIRCLE);
  await explorer.settledTotal();
  await explorer.pressChip('museums');
  await expect.poll(() => explorer.urlParams().get('tags')).toBe('museums');
  await explorer.settledTotal();
}

/** Switched to Roamwell, whose account has no museums tag: a notice names the filter, the list is Roamwell's. */
export async function expectMuseumsDroppedForRoamwell(explorer: ExplorerDriver) {
  await expect(explorer.droppedFiltersNotice).toContainText('Museums (tag)');
  await expect.poll(() => explorer.urlParams().get('tags')).toBeNull();
  await expectShownAs(explorer, 'org-roamwell');
}

/** The notice, pictured and checked by axe, goes away when dismissed. */
export async function dismissDroppedFiltersNotice(explorer: ExplorerDriver) {
  await explorer.screenshot('switch-dropped-filters');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  await explorer.dismissDroppedFiltersNotice();
  await expect(explorer.droppedFiltersNotice).toHaveCount(0);
}
