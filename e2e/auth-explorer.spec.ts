import { expect, test, type Page } from '@playwright/test';
import { AuthDriver, organizationSearch } from './support/auth-driver';
import { ExplorerDriver } from './support/explorer-driver';
import { DENSE_CIRCLE } from './fixtures/areas';

interface RvService {
  serviced_makes: string[];
  available_services: string[];
  rental_available: boolean;
}

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

  test('a dealer filters by RV service (rental, make, service, amenity) and the page shows what the API says', async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const explorer = new ExplorerDriver(page, testInfo);
    const auth = new AuthDriver(page, testInfo);
    await explorer.openExplorer(DENSE_CIRCLE);
    await auth.signInAs('dealer');
    if ((await auth.sessionSummary()).activeOrganizationId !== 'org-summit-rv') {
      const refetched = nextSearch(page);
      await auth.switchOrganization('org-summit-rv');
      await refetched;
    }
    const all = await explorer.settledTotal();
    await explorer.openFilters();
    await expect(page.getByRole('heading', { name: 'RV service' })).toBeVisible();

    /** The page's results equal the dealer client's answer to the query the page sent; returns that answer. */
    const pageMatchesApi = async () => {
      const ids = await explorer.resultIds();
      const total = await explorer.settledTotal();
      const api = await organizationSearch(await explorer.lastSearchQuery(), 'org-summit-rv');
      expect(total).toBe(api.meta.total);
      expect(ids).toEqual(api.data.map((p) => p.id));
      return api.data.map((p) => p.rv_service as RvService);
    };

    await explorer.chooseRvFlag('Rental RVs available', true);
    await expect.poll(() => explorer.urlParams().get('rental')).toBe('true');
    const rentals = await pageMatchesApi();
    expect(rentals.length).toBeGreaterThan(0);
    expect(rentals.every((rv) => rv.rental_available)).toBe(true);
    expect(await explorer.settledTotal()).toBeLessThan(all);

    const make = rentals[0].serviced_makes[0];
    await explorer.pressRvChip('Serviced makes', make);
    await expect.poll(() => explorer.urlParams().get('makes')).toBe(make);
    const withMake = await pageMatchesApi();
    expect(withMake.every((rv) => rv.rental_available && rv.serviced_makes.includes(make))).toBe(true);

    const service = withMake[0].available_services[0];
    await explorer.pressRvChip('Available services', service);
    await expect.poll(() => explorer.urlParams().get('services')).toBe(service);
    const withService = await pageMatchesApi();
    expect(withService.length).toBeGreaterThan(0);
    expect(withService.every((rv) => rv.serviced_makes.includes(make) && rv.available_services.includes(service))).toBe(true);
    await explorer.screenshot('rv-filters');

    await explorer.typeRvAmenities('zzqx-no-such-amenity');
    await expect.poll(() => explorer.urlParams().get('amenities')).toBe('zzqx-no-such-amenity');
    expect(await pageMatchesApi()).toEqual([]);
    await expect(page.getByText('No places match')).toBeVisible();
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
