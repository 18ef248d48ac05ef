import { expect } from '@playwright/test';
import { apiSearch } from '../fixtures/places-api';
import { type AuthDriver, organizationSearch } from './auth-driver';
import { dealerExploringAsSummit } from './auth-explorer-journeys';
import type { ExplorerDriver } from './explorer-driver';

/**
 * An empty search names its nearest match; "Search within …" widens the circle to reach it, and the map frames the
 * wider circle (issue 49: it stayed where it was, the match out of view).
 */
export async function widenToTheNearestMatch(explorer: ExplorerDriver, screenshot: string) {
  // Around Moab, campgrounds only: a circle half as wide as the way to the nearest one is empty by construction.
  const center = '-109.5498,38.5733';
  const nearest = await apiSearch(`center=${center}&radius=500000&tags=campgrounds&sort=distance&limit=1`);
  expect(nearest.data.length, 'a campground within 500 km of Moab in the seeded data').toBe(1);
  const radius = Math.max(1000, Math.floor(nearest.data[0].distance! / 2));
  await explorer.openExplorer(`circle=${center},${radius}&tags=campgrounds`);
  expect(await explorer.settledTotal()).toBe(0);

  await expect(explorer.nearestMatch).toContainText(`Nearest match: ${nearest.data[0].name}`);
  await expect(explorer.nearestMatch).toHaveText(/ (north|north-east|east|south-east|south|south-west|west|north-west)\.$/);
  await explorer.screenshot(screenshot);
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  const zoomBefore = await explorer.mapZoom();
  await explorer.searchWithinNearestMatch();
  expect(await explorer.settledTotal()).toBeGreaterThan(0);
  await expect(explorer.resultsList).toContainText(nearest.data[0].name);
  // A circle 2.2 times as wide is framed about one zoom level out.
  await expect.poll(() => explorer.mapZoom()).toBeLessThan(zoomBefore - 0.5);
  await explorer.screenshot(`${screenshot}-widened`);
}

/**
 * The same for a dealer's search by serviced make (issue 49: "Winnebago near Denver" offered no nearest match, unlike
 * a tag): the nearest place that services the make, and "Search within …" reaching it.
 */
export async function widenAnEmptyMakeSearch(explorer: ExplorerDriver, auth: AuthDriver, screenshot: string) {
  const center = '-104.9903,39.7392';
  const nearest = await organizationSearch(`center=${center}&radius=500000&rv_service_serviced_makes=Winnebago&sort=distance&limit=1`, 'org-summit-rv');
  expect(nearest.data.length, 'a Winnebago service within 500 km of Denver in the seeded data').toBe(1);
  const place = nearest.data[0] as { name: string; distance: number };
  const radius = Math.max(1000, Math.floor(place.distance / 2));
  await dealerExploringAsSummit(explorer, auth, `circle=${center},${radius}`);
  await explorer.settledTotal();
  await explorer.openFilters();
  await explorer.pressRvChip('Serviced makes', 'Winnebago');
  await expect.poll(() => explorer.urlParams().get('makes')).toBe('Winnebago');
  expect(await explorer.settledTotal()).toBe(0);

  await expect(explorer.nearestMatch).toContainText(`Nearest match: ${place.name}`);
  await explorer.screenshot(screenshot);
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  await explorer.searchWithinNearestMatch();
  expect(await explorer.settledTotal()).toBeGreaterThan(0);
  await expect(explorer.resultsList).toContainText(place.name);
  expect(explorer.urlParams().get('makes')).toBe('Winnebago');
}
