import { expect, test } from '@playwright/test';
import type { Place } from '../../lib/explorer/types';
import { DENSE_CIRCLE } from '../fixtures/areas';
import { apiSearch } from '../fixtures/places-api';
import { ExplorerDriver } from './explorer-driver';

/**
 * The Explorer's journeys that are the same on a laptop and on a phone, written once: explorer.spec.ts and
 * explorer.phone.spec.ts call them, each project at its own size, and keep only what differs by size.
 */

/** Registers the test of "Next" and "Previous": each page shows from its top, the keyboard on its first result. */
export function nextPageJourney() {
  test('"Next" shows the new page from its top, with the keyboard on its first result', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer(DENSE_CIRCLE);
    await explorer.settledTotal();

    // Given someone who read the list down to its pager,
    await explorer.nextPage();

    // then the second page shows from its top, its first result focused.
    await expect.poll(() => explorer.urlParams().get('page')).toBe('2');
    const ids = await explorer.resultIds();
    expect(ids).toEqual((await apiSearch(await explorer.lastSearchQuery())).data.map((p) => p.id));
    await expect(explorer.resultButtons.first()).toBeFocused();
    await expect(explorer.resultButtons.first()).toBeInViewport({ ratio: 1 });
    await expect(explorer.resultsHeading).toBeInViewport({ ratio: 1 });
    await explorer.screenshot('next-page-top');
    expect(await explorer.seriousAxeViolations()).toEqual([]);

    // The same going back.
    await explorer.previousPage();
    await expect.poll(() => explorer.urlParams().get('page')).toBeNull();
    await explorer.settledTotal();
    await expect(explorer.resultButtons.first()).toBeFocused();
    await expect(explorer.resultButtons.first()).toBeInViewport({ ratio: 1 });
  });
}

/** On the Explorer as it opens: the first Tab reaches "Skip to results". */
export async function tabToSkipLink(explorer: ExplorerDriver) {
  await explorer.openExplorer();
  await explorer.settledTotal();
  await explorer.pressKey('Tab');
  await expect(explorer.skipToResults).toBeFocused();
}

/** From "Skip to results": Enter, then Tab, is on the first result, in view. */
export async function followSkipLinkToFirstResult(explorer: ExplorerDriver) {
  await explorer.pressKey('Enter');
  await explorer.pressKey('Tab');
  await expect(explorer.resultButtons.first()).toBeFocused();
  await expect(explorer.resultButtons.first()).toBeInViewport();
  await explorer.screenshot('first-result-focused');
}

/** Every control on the page, filters open, shows its whole ring when the keyboard reaches it. */
export async function checkEveryFocusRing(explorer: ExplorerDriver) {
  await explorer.openExplorer(`${DENSE_CIRCLE}&tags=parks`);
  await explorer.settledTotal();
  const rings = await explorer.focusRingProblems();
  expect(rings.visited).toBeGreaterThan(40);
  expect(rings.problems).toEqual([]);
  expect(await explorer.seriousAxeViolations()).toEqual([]);
}

/** Until the map's markers are drawn it says it is loading, while the list shows its results; then it goes. */
export async function checkMapLoadingUntilDrawn(explorer: ExplorerDriver) {
  const release = await explorer.openExplorerWithTheMapHeld();
  await expect(explorer.mapLoading).toBeVisible();
  await expect(explorer.mapLoading).toHaveText(/Loading the map|Placing \d+ places on the map/);
  // The list does not wait for the map.
  const total = await explorer.settledTotal();
  expect(total).toBeGreaterThan(0);
  await expect(explorer.mapLoading).toBeVisible();
  await explorer.screenshotWhileTheMapLoads('map-loading');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  release();
  await expect(explorer.mapLoading).toHaveCount(0);
}

/** A place far from the default search, opened from a link: on the map, in clear view, the search unchanged. */
export async function checkLinkedPlaceInView(explorer: ExplorerDriver, far: Place) {
  const spot = far.locations![0];
  await explorer.openExplorer(`place=${far.id}`);
  const ids = await explorer.resultIds();
  expect(ids).not.toContain(far.id);
  await expect(explorer.drawer.getByRole('heading', { name: far.name })).toBeVisible();
  await expect(explorer.map).toHaveAttribute('data-selected-place', String(far.id));
  await expect.poll(() => explorer.isInClearView(spot.longitude, spot.latitude)).toBe(true);
  expect(explorer.urlParams().get('circle')).toBeNull();
  expect(await explorer.resultIds()).toEqual(ids);
  await explorer.screenshot('linked-place-on-map');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
}

/** A name in "Go to" that matches nothing says so on the screen, and offers no list. */
export async function checkGoToSaysNoMatch(explorer: ExplorerDriver) {
  await explorer.goToField.click();
  await explorer.goToField.pressSequentially('Qwzxv');
  await expect(explorer.goToStatus).toHaveText('No place called “Qwzxv”. Try a city, a state or a park’s name.');
  await expect(explorer.goToStatus).toBeVisible();
  await expect(explorer.goToField).toHaveAttribute('aria-expanded', 'false');
  // Issue 49: a kind of place near a place is pointed to the place, then the filter.
  await explorer.goToField.fill('');
  await explorer.goToField.pressSequentially('RV parks near Moab');
  await expect(explorer.goToStatus).toHaveText('No place called “RV parks near Moab”. Go to “Moab”, then choose “RV parks” under Filters, in Tags.');
}

/** Go to a town too small for the area's own names: the area is named after it ("of Moab, UT", issue 49). */
export async function goToMoabAndSeeTheAreaNamedAfterIt(explorer: ExplorerDriver, how: 'click' | 'tap') {
  await explorer.goToField.fill('');
  await explorer.typeGoTo('Moab');
  const moab = explorer.goToSuggestions.filter({ hasText: 'Moab, UT, United States' }).first();
  await (how === 'tap' ? moab.tap() : moab.click());
  await expect(explorer.areaSummary).toContainText('of Moab, UT');
  await explorer.settledTotal();
}
