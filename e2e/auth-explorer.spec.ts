import { expect, test, type Page } from '@playwright/test';
import { AuthDriver, organizationSearch } from './support/auth-driver';
import { ExplorerDriver } from './support/explorer-driver';

interface SearchBody {
  data: Record<string, unknown>[];
}

const nextSearch = (page: Page) => page.waitForResponse((r) => r.url().includes('/api/places/search?') && r.ok());

test.describe('exploring as an organization', () => {
  test('the dealer explores with each organization’s own Place API client, on the same view', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    const auth = new AuthDriver(page, testInfo);
    await explorer.openExplorer();
    await auth.signInAs('dealer');
    await explorer.settledTotal();
    const first = (await auth.sessionSummary()).activeOrganizationId as string;
    const other = first === 'org-summit-rv' ? 'org-roamwell' : 'org-summit-rv';
    const view = page.url();

    // Each switch refetches the same query, signed now with that organization's client: the page shows exactly
    // what that client gets, RV service data included (the public client gets none).
    for (const organizationId of [other, first]) {
      const refetched = nextSearch(page);
      await auth.switchOrganization(organizationId);
      const shown = (await (await refetched).json()) as SearchBody;
      expect(page.url()).toBe(view);
      expect(shown.data.length).toBeGreaterThan(0);
      expect(shown.data.every((p) => 'rv_service' in p)).toBe(true);
      expect(shown.data).toEqual((await organizationSearch(await explorer.lastSearchQuery(), organizationId)).data);
    }
    await explorer.settledTotal();
    await explorer.screenshot('dealer-switched');
  });

  test('switching to an organization without RV data changes the results on the page', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    const auth = new AuthDriver(page, testInfo);
    await explorer.openExplorer();
    await auth.signInAs('admin');
    await expect(explorer.map).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
    if ((await auth.sessionSummary()).activeOrganizationId !== 'org-summit-rv') {
      const refetched = nextSearch(page);
      await auth.switchOrganization('org-summit-rv');
      await refetched;
    }
    await explorer.settledTotal();
    const view = page.url();

    const withRv = nextSearch(page);
    await auth.switchOrganization('org-lakeside-tourism');
    const tourism = (await (await withRv).json()) as SearchBody;
    expect(page.url()).toBe(view);
    expect(tourism.data.length).toBeGreaterThan(0);
    expect(tourism.data.every((p) => !('rv_service' in p))).toBe(true);

    const back = nextSearch(page);
    await auth.switchOrganization('org-summit-rv');
    const dealerGroup = (await (await back).json()) as SearchBody;
    expect(dealerGroup.data.every((p) => 'rv_service' in p)).toBe(true);
    await explorer.screenshot('admin-switched-back');
  });
});
