import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DENSE_CENTER, DENSE_CIRCLE, FORM_CIRCLE } from './fixtures/areas';
import { apiSearch, demoSecret, findRichPlace } from './fixtures/places-api';
import { ExplorerDriver } from './support/explorer-driver';
import { pageErrors } from './support/page-errors';
import { checkEveryFocusRing, checkLinkedPlaceInView, checkMapLoadingUntilDrawn, followSkipLinkToFirstResult, nextPageJourney, tabToSkipLink } from './support/explorer-journeys';
import { distanceMeters } from '../lib/explorer/geo';
import type { Place } from '../lib/explorer/types';

const location = (p: Place) => p.locations![0];

/** The page shows exactly what the Place API answers for the query the page sent. */
async function expectPageMatchesApi(explorer: ExplorerDriver) {
  const ids = await explorer.resultIds();
  const total = await explorer.settledTotal();
  const api = await apiSearch(await explorer.lastSearchQuery());
  expect(total).toBe(api.meta.total);
  expect(ids).toEqual(api.data.map((p) => p.id));
  return api;
}

test.describe('the Explorer', () => {
  test('a first visit shows places around the default area, with loading, error and empty states', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer();
    const api = await expectPageMatchesApi(explorer);
    expect(api.meta.total).toBeGreaterThan(0);
    await expect(explorer.map).toHaveAttribute('data-drawn-places', String(api.data.length));
    await explorer.screenshot('results');

    await explorer.failSearches('The place service is unreachable.');
    await explorer.typeName('zzqx');
    await expect(explorer.resultsError).toContainText('The place service is not answering');
    await expect(explorer.resultsError.getByTestId('error-technical')).toContainText('The place service is unreachable.');
    await explorer.screenshot('error');
    await explorer.stopFailingSearches();
    await explorer.tryAgain();
    await expect(explorer.noMatches).toBeVisible();
    await explorer.screenshot('empty');
  });

  test('until its markers are drawn, the map says it is loading rather than looking empty', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await checkMapLoadingUntilDrawn(explorer);
    await expect(explorer.map).toHaveAttribute('data-drawn-places', String((await explorer.resultIds()).length));
    // The map's scale sits beside the results panel, which covers the map's left side on a laptop, not under it.
    const scale = (await explorer.mapScale.boundingBox())!;
    const panel = (await explorer.resultsPanel.boundingBox())!;
    expect(scale.x).toBeGreaterThan(panel.x + panel.width);
    // It only informs: a click on it reaches the map and whatever marker is under it.
    expect(await explorer.mapScale.evaluate((e) => getComputedStyle(e).pointerEvents)).toBe('none');
  });

  test('the demo roads carry their route numbers in shields: an Interstate’s blue and red, a US highway’s white', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer('circle=-105.0,39.74,40000');
    // I-25, I-70 and I-76 cross Denver's map at this zoom (the blue of lib/map/shield-images.ts); the map has no other such blue.
    expect(await explorer.mapPixelsNear('#1e4f9c')).toBeGreaterThan(150);
    await explorer.screenshot('explorer-route-shields');
  });

  test('a search with nothing to show yet loads with skeletons', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer('area=none');
    await expect(explorer.chooseAnArea).toBeVisible();
    await explorer.screenshot('no-area');
    const release = await explorer.holdSearches();
    await explorer.setCircleByForm(-104.9903, 39.7392, 80, 'km');
    await expect(explorer.resultsLoading).toBeVisible();
    await explorer.screenshot('loading');
    release();
    await expectPageMatchesApi(explorer);
  });

  test('drawing a circle by mouse drag gives the places inside it', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer('area=none&map=6/39.7392/-104.9903');
    await expect(explorer.chooseAnArea).toBeVisible();
    await explorer.drawCircle(await explorer.mapPoint(0.55, 0.5), await explorer.mapPoint(0.62, 0.5));
    await expect.poll(() => explorer.urlParams().get('circle')).not.toBeNull();
    const [lon, lat, radius] = explorer.urlParams().get('circle')!.split(',').map(Number);
    expect(radius).toBeGreaterThan(50_000);
    const api = await expectPageMatchesApi(explorer);
    for (const place of api.data) expect(distanceMeters(lon, lat, location(place).longitude, location(place).latitude)).toBeLessThanOrEqual(radius + 1);
    await explorer.screenshot('circle-drawn');

    await explorer.moveShape(await explorer.mapPoint(0.58, 0.52), await explorer.mapPoint(0.5, 0.42));
    await expect.poll(() => Number(explorer.urlParams().get('circle')?.split(',')[1])).toBeGreaterThan(lat + 0.3);
    expect(Number(explorer.urlParams().get('circle')!.split(',')[2])).toBe(radius);
    await expectPageMatchesApi(explorer);
    await explorer.screenshot('circle-moved');

    await explorer.clearArea();
    await expect(explorer.chooseAnArea).toBeVisible();
    // Nothing is being searched: the heading does not say it is updating.
    await expect(explorer.resultsHeading).toHaveText('Places');
  });

  test('3. a click inside the drawn area does not grab it: panning moves the map, Move and the arrow keys move the area', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer('circle=-104.9903,39.7392,80000&map=7/39.7392/-104.9903');
    await explorer.settledTotal();
    const circle = explorer.urlParams().get('circle');

    // In the mode the page opens in: a click inside the circle, then a 200-pixel drag from inside it.
    const inside = await explorer.screenPoint(-104.9903 - 0.5, 39.7392 + 0.2);
    await explorer.clickAt(inside);
    const view = await explorer.map.getAttribute('data-view');
    await explorer.dragMap(inside, { x: inside.x + 200, y: inside.y });
    await expect(explorer.map).not.toHaveAttribute('data-view', view ?? '');
    expect(explorer.urlParams().get('circle')).toBe(circle);

    // Moving it is a choice: the Move tool selects it (its handles show) and the arrow keys move it.
    await explorer.moveTool.focus();
    await explorer.pressKey('Enter');
    await expect(explorer.moveTool).toHaveAttribute('aria-pressed', 'true');
    await expect(explorer.announcement('Arrow keys move it')).toBeVisible();
    await explorer.screenshot('area-selected-for-moving');
    await explorer.pressKey('ArrowUp');
    await expect.poll(() => Number(explorer.urlParams().get('circle')?.split(',')[1])).toBeGreaterThan(39.7392 + 0.05);
    const moved = explorer.urlParams().get('circle')!;
    expect(moved.split(',')[2]).toBe('80000');
    await expectPageMatchesApi(explorer);

    // Escape lets it go: a drag inside pans the map again.
    await explorer.pressKey('Escape');
    await expect(explorer.moveTool).toHaveAttribute('aria-pressed', 'false');
    const from = await explorer.screenPoint(Number(moved.split(',')[0]) + 0.3, Number(moved.split(',')[1]));
    const before = await explorer.map.getAttribute('data-view');
    await explorer.dragMap(from, { x: from.x - 150, y: from.y + 80 });
    await expect(explorer.map).not.toHaveAttribute('data-view', before ?? '');
    expect(explorer.urlParams().get('circle')).toBe(moved);
  });

  test('8. "Go to" finds a city by name as you type and, with the keyboard, moves the map and the search there', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    const fetched = await explorer.watchGazetteerFetches();
    await explorer.openExplorer();
    await explorer.settledTotal();

    await explorer.typeGoTo('moab');
    await expect(explorer.goToField).toHaveAttribute('aria-expanded', 'true');
    await expect(explorer.goToSuggestions.first()).toContainText('Moab, UT, United States');
    await explorer.screenshot('go-to-suggestions');
    expect(await explorer.seriousAxeViolations()).toEqual([]);

    // Down makes the first suggestion active (announced through aria-activedescendant); Escape closes, then clears.
    await explorer.pressKey('ArrowDown');
    await expect(explorer.goToSuggestions.first()).toHaveAttribute('aria-selected', 'true');
    await expect(explorer.goToField).toHaveAttribute('aria-activedescendant', (await explorer.goToSuggestions.first().getAttribute('id'))!);
    await explorer.pressKey('Escape');
    await expect(explorer.goToField).toHaveAttribute('aria-expanded', 'false');
    await expect(explorer.goToField).toHaveValue('moab');
    await explorer.pressKey('Escape');
    await expect(explorer.goToField).toHaveValue('');

    await explorer.goToField.pressSequentially('Moab');
    await expect(explorer.goToSuggestions.first()).toBeVisible();
    await explorer.pressKey('ArrowDown');
    await explorer.pressKey('Enter');
    await expect(explorer.goToField).toHaveValue('Moab');
    await expect.poll(() => explorer.urlParams().get('circle')).toBe('-109.55,38.573,50000');
    await expect(explorer.announcement('The map shows Moab, UT, United States.')).toBeAttached();
    await expect.poll(async () => {
      const [, lat, lon] = ((await explorer.map.getAttribute('data-view')) ?? '0/0/0').split('/').map(Number);
      return Math.abs(lat - 38.573) < 0.5 && Math.abs(lon + 109.55) < 1;
    }).toBe(true);
    await expectPageMatchesApi(explorer);
    await explorer.screenshot('go-to-moab');

    // Only the shards of what was typed came over the network, a few kilobytes each.
    expect(fetched.length).toBeGreaterThan(0);
    for (const f of fetched) expect(f.bytes, f.path).toBeLessThan(20_000);

    // A name no town starts with: its shard was never written, and the server answers it with no rows, not a 404.
    const errors = pageErrors(page);
    await explorer.goToField.fill('');
    await explorer.goToField.pressSequentially('Zqxj');
    await expect(explorer.announcement('No place called “Zqxj”. Try a city, a state or a park’s name.')).toBeAttached();
    expect(fetched.map((f) => f.path)).toContain('/gazetteer/zqx.json');
    expect(errors).toEqual([]);
  });

  test('8. "Go to" also finds the dataset’s own places by name, and choosing one moves the map there and opens it', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    // A place 2,600 km from the default area (Denver), looked up by its full name.
    const far = (await apiSearch(`center=${DENSE_CENTER}&radius=100000&sort=rating&limit=1`)).data[0];
    const [lon, lat] = [far.locations![0].longitude, far.locations![0].latitude];
    await explorer.openExplorer();
    await explorer.settledTotal();

    await explorer.typeGoTo(far.name);
    const option = explorer.goToSuggestions.filter({ hasText: far.name }).filter({ hasText: 'Place' }).first();
    await expect(option).toBeVisible();
    await explorer.screenshot('go-to-dataset-place');
    expect(await explorer.seriousAxeViolations()).toEqual([]);
    await option.click();

    await expect(explorer.drawer.getByRole('heading', { name: far.name })).toBeVisible();
    await expect.poll(() => explorer.urlParams().get('place')).toBe(String(far.id));
    const [cLon, cLat] = explorer.urlParams().get('circle')!.split(',').map(Number);
    expect(distanceMeters(cLon, cLat, lon, lat)).toBeLessThan(10);
    await expect.poll(async () => {
      const [, vLat, vLon] = ((await explorer.map.getAttribute('data-view')) ?? '0/0/0').split('/').map(Number);
      return Math.abs(vLat - lat) < 1 && Math.abs(vLon - lon) < 1.5;
    }).toBe(true);
  });

  test('a circle and a box resize by their handles: the circle around its center, the box from its opposite corner', async ({ page }, testInfo) => {
    test.slow();
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer('area=none&map=6/39.7392/-104.9903');
    await explorer.drawCircle(await explorer.mapPoint(0.5, 0.5), await explorer.mapPoint(0.56, 0.5));
    await expect.poll(() => explorer.urlParams().get('circle')).not.toBeNull();
    const [lon, lat, radius] = explorer.urlParams().get('circle')!.split(',').map(Number);
    await explorer.settledTotal(); // the map has framed the new circle

    // Select it by a click inside, off the markers (a click on a cluster zooms the map), then drag the handle on its
    // eastern edge outwards. Positions are read after the click, from the map's view at that moment.
    const degreesEast = (meters: number) => (meters / (6371008.8 * Math.cos((lat * Math.PI) / 180))) * (180 / Math.PI);
    await explorer.selectShape(await explorer.screenPoint(lon - degreesEast(radius * 0.8), lat - 0.05));
    const center = await explorer.screenPoint(lon, lat);
    const handle = await explorer.screenPoint(lon + degreesEast(radius), lat);
    await explorer.dragHandle(handle, { x: handle.x + (handle.x - center.x) * 0.6, y: handle.y });
    await expect.poll(() => Number(explorer.urlParams().get('circle')?.split(',')[2])).toBeGreaterThan(radius * 1.3);
    const [lon2, lat2, radius2] = explorer.urlParams().get('circle')!.split(',').map(Number);
    expect(Math.abs(lon2 - lon)).toBeLessThan(0.01);
    expect(Math.abs(lat2 - lat)).toBeLessThan(0.01);
    expect(radius2).toBeLessThan(radius * 2);
    const api = await expectPageMatchesApi(explorer);
    for (const place of api.data) expect(distanceMeters(lon2, lat2, location(place).longitude, location(place).latitude)).toBeLessThanOrEqual(radius2 + 1);
    await explorer.screenshot('circle-resized');

    await explorer.clearArea();
    await explorer.drawBox(await explorer.mapPoint(0.45, 0.35), await explorer.mapPoint(0.6, 0.6));
    await expect.poll(() => explorer.urlParams().get('box')).not.toBeNull();
    const [west, south, east, north] = explorer.urlParams().get('box')!.split(',').map(Number);
    await explorer.settledTotal();

    // The south-east corner, dragged further south-east; the north-west corner stays where it was.
    await explorer.selectShape(await explorer.screenPoint(west + (east - west) * 0.1, north - (north - south) * 0.1));
    const corner = await explorer.screenPoint(east, south);
    const northWest = await explorer.screenPoint(west, north);
    await explorer.dragHandle(corner, { x: corner.x + (corner.x - northWest.x) * 0.4, y: corner.y + (corner.y - northWest.y) * 0.4 });
    await expect.poll(() => Number(explorer.urlParams().get('box')?.split(',')[2])).toBeGreaterThan(east + (east - west) * 0.2);
    const [west2, south2, east2, north2] = explorer.urlParams().get('box')!.split(',').map(Number);
    expect(Math.abs(west2 - west)).toBeLessThan(0.01);
    expect(Math.abs(north2 - north)).toBeLessThan(0.01);
    expect(south2).toBeLessThan(south - (north - south) * 0.2);
    expect(east2).toBeGreaterThan(east);
    await expectPageMatchesApi(explorer);
    await explorer.screenshot('box-resized');
  });

  test('drawing a box gives the places inside it, and both shapes search their intersection', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer('map=6/39.7392/-104.9903');
    await explorer.drawBox(await explorer.mapPoint(0.45, 0.3), await explorer.mapPoint(0.75, 0.7));
    await expect.poll(() => explorer.urlParams().get('box')).not.toBeNull();
    const [west, south, east, north] = explorer.urlParams().get('box')!.split(',').map(Number);
    const query = new URLSearchParams(await explorer.lastSearchQuery());
    expect(query.get('west')).not.toBeNull();
    expect(query.get('center')).toBe('-104.9903,39.7392'); // the default circle is still there: intersection
    const api = await expectPageMatchesApi(explorer);
    for (const place of api.data) {
      expect(location(place).longitude).toBeGreaterThanOrEqual(west);
      expect(location(place).longitude).toBeLessThanOrEqual(east);
      expect(location(place).latitude).toBeGreaterThanOrEqual(south);
      expect(location(place).latitude).toBeLessThanOrEqual(north);
    }
    await explorer.screenshot('box-and-circle');
  });

  test('the numeric form sets a circle in miles, sent in meters', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer();
    await explorer.setCircleByForm(FORM_CIRCLE.lon, FORM_CIRCLE.lat, FORM_CIRCLE.radiusMiles, 'mi');
    await expect.poll(() => explorer.urlParams().get('circle')).toBe(`${FORM_CIRCLE.lon},${FORM_CIRCLE.lat},64374`);
    const query = new URLSearchParams(await explorer.lastSearchQuery());
    expect(query.get('radius')).toBe('64374');
    await expectPageMatchesApi(explorer);
    await expect(explorer.resultsList).toContainText(/ mi/);
    await explorer.screenshot('form-circle-miles');
  });

  test('"Search this area" searches the current view', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer('map=8/39.7392/-104.9903');
    await explorer.searchThisArea();
    await expect.poll(() => explorer.urlParams().get('box')).not.toBeNull();
    expect(explorer.urlParams().get('circle')).toBeNull();
    await expectPageMatchesApi(explorer);
    // The view the side panel leaves: the box starts at the panel's edge, not under it.
    const [west, , , north] = explorer.urlParams().get('box')!.split(',').map(Number);
    const corner = await explorer.screenPoint(west, north);
    const panel = (await page.getByRole('complementary', { name: 'Search and results' }).boundingBox())!;
    expect(corner.x).toBeGreaterThanOrEqual(panel.x + panel.width);

    // A drawer opened since the map last moved: measured at the click, the box stops at the drawer's edge.
    await explorer.openResult(0);
    const box = explorer.urlParams().get('box');
    await explorer.searchThisArea();
    await expect.poll(() => explorer.urlParams().get('box')).not.toBe(box);
    const [, south, east] = explorer.urlParams().get('box')!.split(',').map(Number);
    const drawer = (await explorer.drawer.boundingBox())!;
    expect((await explorer.screenPoint(east, south)).x).toBeLessThanOrEqual(drawer.x + 1);
  });

  test('each filter group changes the results as the API says', async ({ page }, testInfo) => {
    test.slow();
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer(DENSE_CIRCLE);
    const all = await explorer.settledTotal();

    await explorer.pressChip('restaurants');
    await expect.poll(() => explorer.urlParams().get('tags')).toBe('restaurants');
    const included = (await expectPageMatchesApi(explorer)).meta.total;
    expect(included).toBeLessThan(all);
    await explorer.pressChip('restaurants'); // second press: exclude
    await expect.poll(() => explorer.urlParams().get('tags')).toBe('!restaurants');
    const excluded = (await expectPageMatchesApi(explorer)).meta.total;
    expect(excluded + included).toBe(all);
    await explorer.screenshot('filter-tags');
    await explorer.pressChip('restaurants');

    await explorer.pressChip('koa', 2);
    await expect.poll(() => explorer.urlParams().get('chains')).toBe('!koa');
    await expectPageMatchesApi(explorer);
    await explorer.pressChip('koa');

    await explorer.chooseFidelity(4, 5);
    await expect.poll(() => explorer.urlParams().get('fmin')).toBe('4');
    expect((await expectPageMatchesApi(explorer)).data.every((p) => (p.fidelity ?? 0) >= 4)).toBe(true);
    await explorer.chooseFidelity(null, null);

    await explorer.sortBy('Highest rated');
    await expect.poll(() => explorer.urlParams().get('sort')).toBe('rating');
    const rated = await expectPageMatchesApi(explorer);
    const ratings = rated.data.map((p) => p.engagement?.avg_rating ?? 0);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    await explorer.nextPage();
    await expect.poll(() => explorer.urlParams().get('page')).toBe('2');
    expect(new URLSearchParams(await explorer.lastSearchQuery()).get('offset')).toBe('20');
    await expectPageMatchesApi(explorer);

    const firstName = rated.data[0].name.split(/\s+/)[0];
    await explorer.typeName(firstName);
    await expect.poll(() => explorer.urlParams().get('name')).toBe(firstName);
    expect(explorer.urlParams().get('page')).toBeNull();
    const named = await expectPageMatchesApi(explorer);
    expect(named.meta.total).toBeGreaterThan(0);

    // RV service data is not part of the public client's account: the panel is not offered.
    await expect(explorer.rvServiceHeading).toHaveCount(0);
  });

  test('filter chips keep their place when picked, and show what include and exclude mean', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer(DENSE_CIRCLE);
    await explorer.settledTotal();
    await explorer.openFilters();
    await expect(explorer.chipLegend).toContainText('Press once: only these');
    await expect(explorer.chipLegend).toContainText('Twice: leave out');
    const museums = explorer.chip('museums');
    const spot = await explorer.centerOf(museums);
    const order = await explorer.chipOrder();

    // Pressing the same spot three times cycles the same chip, which never moves.
    await explorer.clickAt(spot);
    await expect(museums).toHaveAttribute('data-state', 'include');
    await expect.poll(() => explorer.urlParams().get('tags')).toBe('museums');
    expect(await explorer.centerOf(museums)).toEqual(spot);
    const includeIcon = await museums.locator('svg').innerHTML();
    await explorer.clickAt(spot);
    await expect(museums).toHaveAttribute('data-state', 'exclude');
    await expect.poll(() => explorer.urlParams().get('tags')).toBe('!museums');
    expect(await explorer.centerOf(museums)).toEqual(spot);
    // Excluded is told apart by its mark and its struck-through name, not by colour alone.
    expect(await museums.locator('svg').innerHTML()).not.toBe(includeIcon);
    await expect(museums.locator('span')).toHaveCSS('text-decoration-line', 'line-through');
    expect(await explorer.chipOrder()).toEqual(order);
    await explorer.pressChip('koa');
    await explorer.settledTotal();
    await explorer.screenshot('chips-include-exclude');
    expect(await explorer.seriousAxeViolations()).toEqual([]);
    await explorer.clickAt(spot);
    await expect(museums).toHaveAttribute('data-state', 'off');
    await expect.poll(() => explorer.urlParams().get('tags')).toBeNull();

    // A chip picked from the whole list stays in its place when the list is collapsed again.
    await explorer.toggleAllChips('Tags');
    const hidden = await explorer.lastChipOf('Tags');
    await explorer.chip(hidden).click();
    await explorer.toggleAllChips('Tags');
    await expect(explorer.chip(hidden)).toHaveAttribute('data-state', 'include');
  });

  nextPageJourney();

  test('the drawer shows hours, images, reviews and closures, and has its own URL', async ({ page }, testInfo) => {
    const rich = await findRichPlace(DENSE_CENTER);
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer(`place=${rich.id}`);
    const drawer = explorer.drawer;
    await expect(drawer.getByRole('heading', { name: rich.name })).toBeVisible();
    await expect(drawer.getByTestId('place-hours').locator('caption').first()).toContainText('Regular hours');
    await expect(drawer.getByTestId('place-gallery').locator('img')).toHaveCount(rich.images!.filter((i) => i.enabled).length);
    await expect(drawer.getByTestId('place-gallery').locator('img').first()).toHaveAttribute('srcset', /\d+w/);
    await expect(drawer.getByTestId('place-reviews').locator('> li')).toHaveCount(rich.reviews!.length);
    await expect(drawer.getByTestId('place-closures')).toContainText(rich.temporary_closures![0].reason!);
    if (rich.road_trip_details?.map_illustration) {
      expect(await drawer.getByTestId('place-road-trip').locator('script, [onload], [onclick]').count()).toBe(0);
    }
    await explorer.screenshot('drawer');
    // On a laptop the drawer covers the map's right side: the zoom buttons and the count of places move beside it.
    const drawerBox = (await drawer.boundingBox())!;
    await expect(explorer.mapTotal).toBeVisible();
    for (const control of [explorer.zoomIn, explorer.mapTotal]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThan(drawerBox.x);
    }
    await drawer.evaluate((el) => {
      const gallery = el.querySelector<HTMLElement>('[data-testid="place-gallery"]')!;
      const scroller = gallery.closest<HTMLElement>('.overflow-y-auto')!;
      scroller.scrollTop = gallery.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop - 60;
    });
    await explorer.screenshot('drawer-photos');

    await explorer.closeDrawerWithEscape();
    await expect(drawer).toHaveCount(0);
    expect(explorer.urlParams().get('place')).toBeNull();
    await explorer.goBack();
    await expect(drawer.getByRole('heading', { name: rich.name })).toBeVisible();
  });

  test('a copied URL restores the view, and back and forward work', async ({ page, context }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer(DENSE_CIRCLE);
    await explorer.pressChip('parks');
    await explorer.sortBy('Name (A–Z)');
    await explorer.settledTotal();
    await explorer.openResult(1);
    const ids = await explorer.resultIds();
    const copied = explorer.currentUrl();

    const other = new ExplorerDriver(await context.newPage(), testInfo);
    await other.openCopiedLink(copied);
    expect(await other.resultIds()).toEqual(ids);
    await expect(other.drawer).toBeVisible();
    await expect(other.sortOrder).toHaveValue('name');
    await other.screenshot('restored-from-link');
    await other.close();

    await explorer.goBack(); // drawer closes
    await expect(explorer.drawer).toHaveCount(0);
    await explorer.goBack(); // sort back to distance
    await expect(explorer.sortOrder).toHaveValue('distance');
    await explorer.goForward();
    await expect(explorer.sortOrder).toHaveValue('name');
  });

  test('keyboard: the results and the drawer work without a mouse, and axe finds nothing serious', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer();
    await explorer.settledTotal();
    expect(await explorer.seriousAxeViolations()).toEqual([]);
    await explorer.resultButtons.first().focus();
    await explorer.pressKey('Enter');
    await expect(explorer.drawer).toBeVisible();
    await expect(explorer.drawer.getByRole('heading', { level: 2 })).toBeVisible();
    expect(await explorer.seriousAxeViolations()).toEqual([]);
    await explorer.pressKey('Escape');
    await expect(explorer.drawer).toHaveCount(0);
    await expect(explorer.resultButtons.first()).toBeFocused();
  });

  test('signed out, "+" beside a result says to sign in, offers it, and closes with the message', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer();
    await explorer.settledTotal();
    const plus = explorer.addToTripButtons.first();
    const panel = explorer.addToTripPanels.first();
    await plus.click();
    await expect(plus).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.getByRole('status')).toHaveText(/Sign in to save places to your trips\./);
    await expect(panel.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await explorer.seriousAxeViolations()).toEqual([]);
    await plus.click();
    await expect(plus).toHaveAttribute('aria-expanded', 'false');
    await expect(panel.getByRole('status')).toHaveCount(0);
    expect(await explorer.seriousAxeViolations()).toEqual([]);
  });

  test('the keyboard skips to the results or the map, and every focus ring shows on all four sides', async ({ page }, testInfo) => {
    // The walk presses Tab through every control of the page (over 50): 33 s alone, over a minute on a busy machine.
    test.slow();
    const explorer = new ExplorerDriver(page, testInfo);

    // Tab, Enter, Tab: the first result.
    await tabToSkipLink(explorer);
    await expect(explorer.skipToResults).toBeInViewport();
    await explorer.screenshot('skip-link');
    await followSkipLinkToFirstResult(explorer);

    // Tab, Tab, Enter: the map, where the arrow keys pan.
    await explorer.openExplorer();
    await explorer.pressKey('Tab');
    await explorer.pressKey('Tab');
    await expect(explorer.skipToMap).toBeFocused();
    await explorer.pressKey('Enter');
    await expect(explorer.mapCanvas).toBeFocused();

    await checkEveryFocusRing(explorer);
  });

  test('a box can be set by its edges with the keyboard alone, like the circle', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer('area=none');
    await explorer.setBoxByKeyboard({ west: -106, south: 41, east: -104, north: 39 });
    await expect(explorer.boxFormError).toHaveText('South is below North.');
    expect(explorer.urlParams().get('box')).toBeNull();

    await explorer.setBoxByKeyboard({ west: -106, south: 39, east: -104, north: 41 });
    await expect.poll(() => explorer.urlParams().get('box')).toBe('-106,39,-104,41');
    await expect(explorer.areaSummary).toContainText('Inside a box (39 to 41 lat, -106 to -104 lon)');
    const api = await expectPageMatchesApi(explorer);
    expect(api.meta.total).toBeGreaterThan(0);
    for (const place of api.data) {
      expect(location(place).longitude).toBeGreaterThanOrEqual(-106);
      expect(location(place).longitude).toBeLessThanOrEqual(-104);
      expect(location(place).latitude).toBeGreaterThanOrEqual(39);
      expect(location(place).latitude).toBeLessThanOrEqual(41);
    }
    await explorer.screenshot('box-by-edges');
    expect(await explorer.seriousAxeViolations()).toEqual([]);
  });

  test('a linked or picked place shows on the map and comes into view, the search unchanged', async ({ page }, testInfo) => {
    // A place in New York, opened from a link on the default search around Denver.
    const far = await findRichPlace(DENSE_CENTER);
    const explorer = new ExplorerDriver(page, testInfo);
    await checkLinkedPlaceInView(explorer, far);

    // A result picked from the list comes out from under the drawer, and stays marked on another page.
    await explorer.openExplorer(`${DENSE_CIRCLE}&page=2`);
    const pageTwo = (await apiSearch(await explorer.lastSearchQuery())).data;
    const eastmost = pageTwo.reduce((a, b) => (location(b).longitude > location(a).longitude ? b : a));
    await explorer.openResult(pageTwo.indexOf(eastmost));
    await expect(explorer.map).toHaveAttribute('data-selected-place', String(eastmost.id));
    await expect.poll(() => explorer.isInClearView(location(eastmost).longitude, location(eastmost).latitude)).toBe(true);
    await explorer.previousPage();
    expect(await explorer.resultIds()).not.toContain(eastmost.id);
    await expect(explorer.map).toHaveAttribute('data-selected-place', String(eastmost.id));
    expect(explorer.urlParams().get('circle')).toBe(DENSE_CIRCLE.replace('circle=', ''));
  });

  test('a link with broken parameters keeps what is valid and says what was ignored', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer('circle=abc&sort=loudest&tags=!parks');
    await expect(explorer.linkNotice).toContainText('The circle “abc” is not longitude,latitude,meters');
    await expect(explorer.linkNotice).toContainText('the default area is searched');
    await expect(explorer.linkNotice).toContainText('The sort order “loudest” is not known: nearest first is used.');
    const api = await expectPageMatchesApi(explorer);
    expect(new URLSearchParams(await explorer.lastSearchQuery()).get('tags')).toBe('!parks');
    expect(api.meta.total).toBeGreaterThan(0);
    await explorer.screenshot('link-notice');
    expect(await explorer.seriousAxeViolations()).toEqual([]);
    await explorer.linkNotice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(explorer.linkNotice).toHaveCount(0);

    // A radius out of range keeps its center and is brought down to the largest a search reaches.
    // In km whatever the browser's language: a link's own units win.
    await explorer.openExplorer('circle=-74.006,40.7128,900000&units=km');
    await expect(explorer.linkNotice).toContainText('The circle\'s radius, 900 km, is more than the 500 km a search reaches: 500 km is searched.');
    await expect(explorer.areaSummary).toContainText('Within 500 km of New York City, NY');
    expect(new URLSearchParams(await explorer.lastSearchQuery()).get('radius')).toBe('500000');
    await expectPageMatchesApi(explorer);

    // A page past the last a search reaches, crossed fidelity bounds: brought within reach, said, and searched.
    await explorer.openExplorer('page=9999&fmin=5&fmax=1');
    await expect(explorer.linkNotice).toContainText('The page “9999” is past the last page a search reaches: page 501 is shown.');
    await expect(explorer.linkNotice).toContainText('The lowest fidelity, 5, is above the highest, 1: fidelity 1 to 5 is searched.');
    const query = new URLSearchParams(await explorer.lastSearchQuery());
    expect([query.get('offset'), query.get('min_fidelity'), query.get('max_fidelity')]).toEqual(['10000', '1', '5']);
    // Past the results' own pages: the list says so and offers their last page.
    await expect(page.getByText('There is no page 501')).toBeVisible();
    await explorer.screenshot('page-past-results');
    await page.getByRole('button', { name: /^Go to page \d+$/ }).click();
    await expect(explorer.resultButtons.first()).toBeVisible();

    // A circle of a meter is said in feet, not as "Within 0 mi".
    await explorer.openExplorer('circle=-104.99,39.74,1&units=mi');
    await expect(explorer.areaSummary).toHaveText(/^Within 3 ft of /);
  });

  test('errors from the Place API are told in the page’s words, the technical text in a details line', async ({ page }, testInfo) => {
    const explorer = new ExplorerDriver(page, testInfo);
    await explorer.openExplorer('area=none');
    await explorer.failSearches('connect ECONNREFUSED 127.0.0.1:3000');
    await explorer.setCircleByForm(-104.9903, 39.7392, 80, 'km');
    const error = explorer.resultsError;
    await expect(error).toContainText('The place service is not answering');
    await expect(error).toContainText('try again in a moment');
    await expect(error.getByText('connect ECONNREFUSED')).toBeHidden();
    await error.getByText('Technical details').click();
    await expect(error.getByTestId('error-technical')).toHaveText('HTTP 502 · upstream_unavailable · connect ECONNREFUSED 127.0.0.1:3000');
    await explorer.screenshot('error-in-words');
    expect(await explorer.seriousAxeViolations()).toEqual([]);
    await explorer.stopFailingSearches();
    await error.getByRole('button', { name: 'Try again' }).click();
    await explorer.settledTotal();

    // A place that does not exist, in the drawer: asked once, and no "Try again" that could only answer the same.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/places/999999999') asked.push(request.url());
    });
    await explorer.openExplorer('place=999999999');
    await expect(explorer.drawer.getByRole('alert')).toContainText('This place does not exist (any more)');
    await expect(explorer.drawer.getByRole('alert')).toContainText('Close it and pick another place.');
    await expect(explorer.drawer.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(asked).toHaveLength(1);
    // Opened by the link, not from the page: closed, it leaves the keyboard at the results.
    await explorer.closeDrawer();
    await expect(page.locator('#results-start')).toBeFocused();
  });

  test('the secret key is neither in the client bundle nor in any response', async ({ page }, testInfo) => {
    const secret = demoSecret();
    const explorer = new ExplorerDriver(page, testInfo);
    const bodies = explorer.watchResponseBodies();
    await explorer.openExplorer();
    await explorer.settledTotal();
    await explorer.openResult(0);
    await expect(explorer.drawer.getByRole('heading', { level: 2 })).toBeVisible();
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) expect(body.includes(secret)).toBe(false);

    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else files.push(full);
      }
    };
    walk(path.resolve('.next/static'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.readFileSync(file, 'utf8').includes(secret), file).toBe(false);
  });
});
