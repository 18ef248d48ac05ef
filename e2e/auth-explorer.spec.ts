import { expect, test } from '@playwright/test';
import { AuthDriver, organizationSearch } from './support/auth-driver';
import { dealerExploringAsSummit, dealerFilteringByMuseums, dismissDroppedFiltersNotice, expectMuseumsDroppedForRoamwell, expectShownAs } from './support/auth-explorer-journeys';
import { ExplorerDriver } from './support/explorer-driver';
import { DENSE_CIRCLE } from './fixtures/areas';
import { widenAnEmptyMakeSearch } from './support/nearest-match-journey';

interface RvService {
  serviced_makes: string[];
  available_services: string[];
  rental_available: boolean;
}


test.describe('exploring as an organization', () => {
  test('the dealer explores with each organization’s own Place API client, on the same view', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    const auth = new AuthDriver(page, testInfo);
    await explorer.openExplorer();
    await auth.signInAs('dealer');
    await explorer.settledTotal();
    const first = (await auth.sessionSummary()).activeOrganizationId as string;
    const other = first === 'org-summit-rv' ? 'org-roamwell' : 'org-summit-rv';
    const view = explorer.currentUrl();

    // Each switch asks the same query again, signed now with that organization's client (in the browser, or in the
    // refreshed page): the page shows exactly what that client gets, RV service data included (the public client
    // gets none).
    for (const organizationId of [other, first]) {
      await auth.switchOrganization(organizationId);
      const shown = await expectShownAs(explorer, organizationId);
      expect(explorer.currentUrl()).toBe(view);
      expect(shown.data.length).toBeGreaterThan(0);
      expect(shown.data.every((p) => 'rv_service' in p)).toBe(true);
    }
    await explorer.settledTotal();
    await explorer.screenshot('dealer-switched');

    // With the keyboard, the arrows browse the organizations and Enter switches; the focus stays on the switcher.
    expect(await auth.switchToNextOrganizationByKeyboard()).toBe(other);
    expect((await auth.sessionSummary()).activeOrganizationId).toBe(other);
  });

  test('a dealer filters by RV service (rental, make, service, amenity) and the page shows what the API says', async ({ page }, testInfo) => {
    test.slow();
    const explorer = new ExplorerDriver(page, testInfo);
    const auth = new AuthDriver(page, testInfo);
    await dealerExploringAsSummit(explorer, auth, DENSE_CIRCLE);
    const all = await explorer.settledTotal();
    await explorer.openFilters();
    await expect(explorer.rvServiceHeading).toBeVisible();

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
    await expect(explorer.noMatches).toBeVisible();
  });

  test('a search by serviced make that finds nothing names the nearest place servicing it, and widens to it', async ({ page }, testInfo) => {
    await widenAnEmptyMakeSearch(new ExplorerDriver(page, testInfo), new AuthDriver(page, testInfo), 'rv-make-nearest');
  });

  test('switching to an organization without RV data changes the results on the page', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    const auth = new AuthDriver(page, testInfo);
    await explorer.openExplorer();
    await auth.signInAs('admin');
    await expect(explorer.map).toHaveAttribute('data-ready', 'true');
    if ((await auth.sessionSummary()).activeOrganizationId !== 'org-summit-rv') await auth.switchOrganization('org-summit-rv');
    await explorer.settledTotal();
    const view = explorer.currentUrl();

    await auth.switchOrganization('org-lakeside-tourism');
    const tourism = await expectShownAs(explorer, 'org-lakeside-tourism');
    expect(explorer.currentUrl()).toBe(view);
    expect(tourism.data.length).toBeGreaterThan(0);
    expect(tourism.data.every((p) => !('rv_service' in p))).toBe(true);

    await auth.switchOrganization('org-summit-rv');
    const dealerGroup = await expectShownAs(explorer, 'org-summit-rv');
    expect(dealerGroup.data.every((p) => 'rv_service' in p)).toBe(true);
    await explorer.screenshot('admin-switched-back');
  });

  test('switching organization drops filters it cannot use, with a notice', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    const auth = new AuthDriver(page, testInfo);
    // Given the dealer, exploring as Summit RV (every tag), filtered by museums.
    await dealerFilteringByMuseums(explorer, auth);

    // When they switch to Roamwell, whose account has no museums tag,
    const refused = explorer.watchRefusedSearches();
    await auth.switchOrganization('org-roamwell');

    // then the filter is gone from the URL, a notice names it, and the list shows Roamwell's own results.
    await expectMuseumsDroppedForRoamwell(explorer);
    await expect(explorer.resultsError).toHaveCount(0);
    await expect(explorer.text(/unknown tag/i)).toHaveCount(0);
    expect(refused).toEqual([]); // the search with museums was never sent as Roamwell
    // Once the page has settled as Roamwell, the switcher still names it and the notice stays until dismissed (issue 40).
    await expect(auth.switcher).toHaveValue('org-roamwell');
    await expect(explorer.droppedFiltersNotice).toContainText('Museums (tag)');
    await expect(explorer.chip('museums')).toHaveCount(0);

    // And the notice goes away when dismissed.
    await dismissDroppedFiltersNotice(explorer);
  });
});
