import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { searchRequestParams } from '../../lib/explorer/search-request';
import { parseExplorerState } from '../../lib/explorer/url-state';
import type { ClusterResponse } from '../../lib/explorer/types';
import { projectorOf } from './map-projection';
import { pixelsNear } from './pixels';
import { keepScreenshot } from './screenshots';

type Point = { x: number; y: number };

const SEARCHES = '**/api/places/search?**';

/** Drives the Explorer as a person would; specs read as given / when / then and never touch `page` directly. */
export class ExplorerDriver {
  constructor(
    readonly page: Page,
    private readonly testInfo: TestInfo,
  ) {}

  // ---- given

  async openExplorer(query = '') {
    await this.page.goto(`/${query ? `?${query}` : ''}`);
    await expect(this.map).toHaveAttribute('data-ready', 'true');
  }

  /** Goes to the Explorer without waiting for its map (a browser without WebGL never draws one). */
  async visit(query = '') {
    await this.page.goto(`/${query ? `?${query}` : ''}`);
  }

  /** Opens a whole URL, as pasted from elsewhere. */
  async openCopiedLink(url: string) {
    await this.page.goto(url);
  }

  /** The page's scripts never arrive: what the first HTML shows on its own. */
  async blockPageScripts() {
    await this.page.route('**/_next/static/**/*.js', (route) => route.abort());
  }

  /** From now on, every search waits until released (what lets it through is returned). */
  async holdSearches(): Promise<() => void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await this.page.route(SEARCHES, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  /** From now on, every search is answered as when the Place API cannot be reached, with this technical message. */
  async failSearches(message: string) {
    await this.page.route(SEARCHES, (route) =>
      route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: { code: 'upstream_unavailable', message } }) }),
    );
  }

  async stopFailingSearches() {
    await this.page.unroute(SEARCHES);
  }

  /** From now on, keeps the text of every JSON, HTML, script or text response the page receives. */
  watchResponseBodies(): string[] {
    const bodies: string[] = [];
    this.page.on('response', async (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (/json|html|javascript|text/.test(type)) bodies.push(await response.text().catch(() => ''));
    });
    return bodies;
  }

  /**
   * Opens the Explorer with the map's worker held back (the map cannot draw without it), as on a slow connection;
   * returns what lets it through.
   */
  async openExplorerWithTheMapHeld(query = ''): Promise<() => void> {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await this.page.route('**/maplibre-gl-worker.mjs', async (route) => {
      await held;
      await route.continue();
    });
    await this.page.goto(`/${query ? `?${query}` : ''}`);
    return release;
  }

  get mapLoading(): Locator {
    return this.page.getByTestId('map-loading');
  }

  /** From now on, collects the searches the server refuses (4xx/5xx), as `status url`. */
  watchRefusedSearches(): string[] {
    const refused: string[] = [];
    this.page.on('response', (r) => {
      if (r.url().includes('/api/places/search?') && r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    return refused;
  }

  /** From now on, keeps every answer of the clusters call (the matches the map draws), newest last. */
  watchClusterAnswers(): ClusterResponse[] {
    const answers: ClusterResponse[] = [];
    this.page.on('response', (r) => {
      // An answer still arriving as the test ends cannot be read any more: it is no answer the test waited for.
      if (r.url().includes('/api/places/clusters?') && r.ok()) r.json().then((a) => answers.push(a as ClusterResponse), () => undefined);
    });
    return answers;
  }

  // ---- when

  /** Clicks the map at a longitude and latitude (a cluster's bubble, a place's dot). */
  async clickMapAt(lon: number, lat: number) {
    const p = await this.screenPoint(lon, lat);
    await this.page.mouse.click(p.x, p.y);
  }

  async drawCircle(center: Point, edge: Point) {
    await this.page.getByRole('button', { name: 'Circle', exact: true }).click();
    await this.drag(center, edge);
  }

  async drawBox(from: Point, to: Point) {
    await this.page.getByRole('button', { name: 'Box', exact: true }).click();
    await this.drag(from, to);
  }

  /** In Move mode: a click selects the shape under the pointer, a drag from inside it moves it. */
  async moveShape(from: Point, to: Point) {
    await this.selectShape(from);
    await this.drag(from, to);
  }

  /** In Move mode, a click inside a shape selects it and shows its resize handles. */
  async selectShape(inside: Point) {
    if ((await this.moveTool.getAttribute('aria-pressed')) !== 'true') await this.moveTool.click();
    await this.page.mouse.click(inside.x, inside.y);
  }

  /** "Go to" as a whole (its field, its note of sources) and what it says when nothing matches. */
  get goTo(): Locator {
    return this.page.getByTestId('go-to');
  }

  get goToStatus(): Locator {
    return this.page.getByTestId('go-to-status');
  }

  /** The "Go to" field (an ARIA combobox) and its suggestions. */
  get goToField(): Locator {
    return this.page.getByRole('combobox', { name: 'Go to' });
  }

  get goToSuggestions(): Locator {
    return this.page.getByRole('listbox', { name: 'Places to go to' }).getByRole('option');
  }

  /** From now on, records each gazetteer file the page fetches, with its size as sent (before compression). */
  async watchGazetteerFetches(): Promise<{ path: string; bytes: number }[]> {
    const fetched: { path: string; bytes: number }[] = [];
    await this.page.route('**/gazetteer/*', async (route) => {
      const response = await route.fetch();
      const body = await response.body();
      fetched.push({ path: new URL(route.request().url()).pathname, bytes: body.length });
      await route.fulfill({ response, body });
    });
    return fetched;
  }

  /** Types into "Go to" key by key, as a person does, and waits for the suggestions. */
  async typeGoTo(text: string) {
    await this.goToField.click();
    await this.goToField.pressSequentially(text);
    await expect(this.goToSuggestions.first()).toBeVisible();
  }

  /** A press, then a drag, with the mouse: what someone panning the map does. */
  async dragMap(from: Point, to: Point) {
    await this.drag(from, to);
  }

  /** The Move tool: pressed, the area is selected and takes the arrow keys; pressed again (or Escape), it lets go. */
  get moveTool(): Locator {
    return this.page.getByRole('button', { name: 'Move', exact: true });
  }

  /** Drags a handle of the selected shape. */
  async dragHandle(handle: Point, to: Point) {
    await this.drag(handle, to);
  }

  async pressKey(key: string) {
    await this.page.keyboard.press(key);
  }

  async clearArea() {
    await this.page.getByRole('button', { name: 'Clear', exact: true }).click();
  }

  async searchThisArea() {
    await this.page.getByRole('button', { name: 'Search this area' }).click();
  }

  /** The km/miles switch. */
  async chooseUnits(units: 'km' | 'mi') {
    await this.page.getByText(units === 'km' ? 'km' : 'miles', { exact: true }).click();
  }

  async setCircleByForm(lon: number, lat: number, radius: number, units: 'km' | 'mi') {
    await this.chooseUnits(units);
    await this.page.getByText('Set center and radius').click();
    await this.page.getByLabel('Longitude', { exact: true }).fill(String(lon));
    await this.page.getByLabel('Latitude', { exact: true }).fill(String(lat));
    await this.page.getByLabel(/^Radius/).fill(String(radius));
    await this.page.getByRole('button', { name: 'Search this circle' }).click();
  }

  /** Opens "Set box edges", types the four edges and submits, with the keyboard only. */
  async setBoxByKeyboard(edges: { west: number; south: number; east: number; north: number }) {
    const summary = this.page.locator('summary', { hasText: 'Set box edges' });
    await summary.focus();
    if ((await summary.locator('..').getAttribute('open')) === null) await this.page.keyboard.press('Enter');
    for (const [edge, value] of Object.entries(edges)) {
      await this.page.keyboard.press('Tab');
      await expect(this.page.getByLabel(new RegExp(`^${edge}`, 'i'))).toBeFocused();
      await this.page.keyboard.press('ControlOrMeta+A');
      await this.page.keyboard.type(String(value));
    }
    await this.page.keyboard.press('Enter');
  }

  async openFilters() {
    const details = this.page.locator('details', { has: this.page.getByText('Filters', { exact: false }) }).first();
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  }

  /** Presses a tag or chain chip: once includes, twice excludes. */
  async pressChip(publicId: string, times = 1) {
    await this.openFilters();
    const chip = this.page.locator(`[data-filter-id="${publicId}"]`);
    for (let i = 0; i < times; i++) await chip.click();
  }

  /** A pointer click at a spot on the page, whatever is there now. */
  async clickAt(point: Point) {
    await this.page.mouse.click(point.x, point.y);
  }

  async toggleAllChips(group: 'Tags' | 'Chains') {
    await this.page.getByRole('group', { name: group }).getByRole('button', { name: /^Show (all \d+|fewer)$/ }).click();
  }

  async typeName(text: string) {
    await this.openFilters();
    await this.page.getByLabel('Name', { exact: true }).fill(text);
  }

  async chooseRvFlag(label: string, value: boolean | null) {
    await this.openFilters();
    await this.page.getByLabel(label).selectOption(value === null ? '' : String(value));
  }

  /** Presses a chip of one of the RV service groups (makes, RV types, services). */
  async pressRvChip(group: string, value: string) {
    await this.openFilters();
    await this.page.getByRole('group', { name: group }).getByRole('button', { name: value, exact: true }).click();
  }

  async typeRvAmenities(text: string) {
    await this.openFilters();
    await this.page.getByLabel('Dealer amenities').fill(text);
  }

  async chooseFidelity(min: number | null, max: number | null) {
    await this.openFilters();
    await this.page.getByLabel('Lowest fidelity').selectOption(min ? String(min) : '');
    await this.page.getByLabel('Highest fidelity').selectOption(max ? String(max) : '');
  }

  async sortBy(label: string) {
    await this.page.getByLabel('Sort', { exact: true }).selectOption({ label });
  }

  async dismissDroppedFiltersNotice() {
    await this.droppedFiltersNotice.getByRole('button', { name: 'Dismiss' }).click();
  }

  async nextPage() {
    await this.page.getByRole('button', { name: 'Next →' }).click();
  }

  async previousPage() {
    await this.page.getByRole('button', { name: '← Previous' }).click();
  }

  async openResult(index = 0) {
    await this.resultButtons.nth(index).click();
    await expect(this.drawer).toBeVisible();
  }

  async closeDrawerWithEscape() {
    await this.page.keyboard.press('Escape');
  }

  async goBack() {
    await this.page.goBack();
  }

  async goForward() {
    await this.page.goForward();
  }

  async reload() {
    await this.page.reload();
  }

  /** After an error over the results: its "Try again". */
  async tryAgain() {
    await this.page.getByRole('button', { name: 'Try again' }).click();
  }

  /** An empty search's offer to widen the circle to its nearest match. */
  async searchWithinNearestMatch() {
    await this.page.getByRole('button', { name: /^Search within/ }).click();
  }

  /** Trips, from the site's navigation in the header. */
  async goToTrips() {
    await this.page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Trips', exact: true }).click();
  }

  /** On a phone: the results sheet pulled up over the map, or let down again. */
  async showMoreResults() {
    await this.page.getByRole('button', { name: 'Show more results' }).click();
  }

  async showMoreMap() {
    await this.page.getByRole('button', { name: 'Show more map' }).click();
  }

  async closeDrawer() {
    await this.page.getByRole('button', { name: 'Close place details' }).click();
  }

  async resizeWindow(size: { width: number; height: number }) {
    await this.page.setViewportSize(size);
  }

  /** From the API reference, its link back to the Explorer (a move within the app: no new HTML). */
  async arriveFromTheApiReference() {
    await this.page.goto('/docs/api');
    await this.page.getByRole('link', { name: 'Trip Explorer' }).click();
  }

  /** The page in its own tab, closed. */
  async close() {
    await this.page.close();
  }

  // ---- then

  get map(): Locator {
    return this.page.getByTestId('map');
  }

  /** What a browser without WebGL shows in the map's place. */
  get mapUnavailable(): Locator {
    return this.page.getByTestId('map-unavailable');
  }

  /** The page's own early check for WebGL, written on the document: 'yes' or 'no'. */
  get webGlCheck(): Locator {
    return this.page.locator('html');
  }

  /** The basemap's credit: a line under the map, or folded into an "i" over its corner on a phone. */
  get mapCredit(): Locator {
    return this.page.getByTestId('map-attribution');
  }

  get foldedMapCredit(): Locator {
    return this.page.getByTestId('map-attribution-compact');
  }

  /** The map's zoom buttons. */
  get zoomButtons(): Locator {
    return this.page.locator('.maplibregl-ctrl-group');
  }

  get mapScale(): Locator {
    return this.page.locator('.maplibregl-ctrl-scale');
  }

  get zoomIn(): Locator {
    return this.page.getByRole('button', { name: 'Zoom in' });
  }

  get circleTool(): Locator {
    return this.page.getByRole('button', { name: 'Circle' });
  }

  /** The search area tools over the map, one of them by name. */
  get areaTools(): Locator {
    return this.page.getByRole('toolbar', { name: 'Search area tools' });
  }

  areaTool(name: string): Locator {
    return this.areaTools.getByRole('button', { name });
  }

  /** The side panel (a sheet on a phone) with the search and its results. */
  get resultsPanel(): Locator {
    return this.page.getByRole('complementary', { name: 'Search and results' });
  }

  get resultsList(): Locator {
    return this.page.getByTestId('results-list');
  }

  /** The skeletons shown while a search with nothing to show yet is under way. */
  get resultsLoading(): Locator {
    return this.page.getByTestId('results-loading');
  }

  /** What the list says with no area to search. */
  get chooseAnArea(): Locator {
    return this.page.getByText('Choose where to look');
  }

  get noMatches(): Locator {
    return this.page.getByText('No places match');
  }

  /** An empty search's pointer to its nearest match. */
  get nearestMatch(): Locator {
    return this.page.getByTestId('nearest-match');
  }

  /** A message announced to screen readers, by what it says. */
  announcement(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  /** Any text on the page. */
  text(text: string | RegExp, options?: { exact?: boolean }): Locator {
    return this.page.getByText(text, options);
  }

  get searchAreaHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Search area' });
  }

  get tagline(): Locator {
    return this.page.getByTestId('tagline');
  }

  /** The header's label saying the places are generated. */
  get demoDataLabel(): Locator {
    return this.page.getByTestId('generated-data');
  }

  get sortOrder(): Locator {
    return this.page.getByLabel('Sort', { exact: true });
  }

  get rvServiceHeading(): Locator {
    return this.page.getByRole('heading', { name: 'RV service' });
  }

  /** "+" beside each result, and the panel it opens. */
  get addToTripButtons(): Locator {
    return this.page.getByRole('button', { name: /^Add .+ to a trip$/ });
  }

  get addToTripPanels(): Locator {
    return this.page.getByTestId('add-to-trip-from-list');
  }

  /** The filter chips' ids, in the order they stand. */
  async chipOrder(): Promise<(string | null)[]> {
    return this.page.locator('[data-filter-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-filter-id')));
  }

  /** The id of the last chip of a group (Tags, Chains). */
  async lastChipOf(group: 'Tags' | 'Chains'): Promise<string> {
    return (await this.page.getByRole('group', { name: group }).locator('[data-filter-id]').last().getAttribute('data-filter-id'))!;
  }

  /** How wide the page is laid out: wider than the window, it scrolls sideways. */
  async pageWidth(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth);
  }

  /** The Explorer's HTML as the server first sends it, before any script runs. */
  async firstHtml(query = ''): Promise<string> {
    return (await this.page.request.get(`/${query ? `?${query}` : ''}`)).text();
  }

  currentUrl(): string {
    return this.page.url();
  }

  async expectAt(url: RegExp) {
    await expect(this.page).toHaveURL(url);
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  chip(publicId: string): Locator {
    return this.page.locator(`[data-filter-id="${publicId}"]`);
  }

  /** The map's count of the matches it shows. */
  get mapTotal(): Locator {
    return this.page.getByTestId('map-total');
  }

  /** The number of matches the map draws in its view (clusters' counts and single places), once it has an answer. */
  async mapMatchCount(): Promise<number | null> {
    const v = await this.map.getAttribute('data-cluster-total');
    return v ? Number(v) : null;
  }

  /** The map's zoom, from its live view. */
  async mapZoom(): Promise<number> {
    return Number(((await this.map.getAttribute('data-view')) ?? '0').split('/')[0]);
  }

  get chipLegend(): Locator {
    return this.page.getByTestId('chip-legend');
  }

  async centerOf(locator: Locator): Promise<Point> {
    const box = (await locator.boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }

  get drawer(): Locator {
    return this.page.getByTestId('place-drawer');
  }

  /** The notice naming the filters the account in use cannot use, which were removed. */
  get droppedFiltersNotice(): Locator {
    return this.page.getByTestId('dropped-filters');
  }

  /** The notice naming what the opening link asked for and did not get. */
  get linkNotice(): Locator {
    return this.page.getByTestId('link-notice');
  }

  /** Any error message shown over the results. */
  get resultsError(): Locator {
    return this.page.getByRole('complementary', { name: 'Search and results' }).getByRole('alert');
  }

  get skipToResults(): Locator {
    return this.page.getByRole('link', { name: 'Skip to results' });
  }

  get skipToMap(): Locator {
    return this.page.getByRole('link', { name: 'Skip to the map' });
  }

  get mapCanvas(): Locator {
    return this.map.locator('.maplibregl-canvas');
  }

  get boxFormError(): Locator {
    return this.page.locator('#box-error');
  }

  get areaSummary(): Locator {
    return this.page.getByTestId('area-summary');
  }

  get resultsHeading(): Locator {
    return this.page.getByTestId('results-total');
  }

  get resultButtons(): Locator {
    return this.page.locator('[data-testid="results-list"] button[data-place-id]');
  }

  /** Waits until the list shows the answer to the search behind the current URL; returns the total it states. */
  async settledTotal(): Promise<number> {
    const heading = this.page.getByTestId('results-total');
    // The URL may still be catching up with a control just used: compare with the URL as it is at each try.
    await expect
      .poll(async () => (await heading.getAttribute('data-query')) === (await this.lastSearchQuery()))
      .toBe(true);
    await expect(heading).toHaveText(/^[\d,]+ places?$/);
    await expect(this.page.locator('[data-testid="results-list"][aria-busy="true"]')).toHaveCount(0);
    return Number((await heading.textContent())!.replace(/[^\d]/g, ''));
  }

  async resultIds(): Promise<number[]> {
    await this.settledTotal();
    return this.resultButtons.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-place-id'))));
  }

  /** The search the page makes for its current URL (the server prefetches the first one, the browser the rest). */
  async lastSearchQuery(): Promise<string> {
    return searchRequestParams(parseExplorerState(this.urlParams()))?.toString() ?? '';
  }

  urlParams(): URLSearchParams {
    return new URL(this.page.url()).searchParams;
  }

  /**
   * Presses Tab until the focus leaves the page or comes back round (at most `limit` times) and returns, for each
   * control reached whose focus ring is missing or cut off on a side (by a panel that clips, or the window), a line
   * naming it.
   */
  async focusRingProblems(limit = 200): Promise<{ visited: number; problems: string[] }> {
    const problems: string[] = [];
    let visited = 0;
    for (let i = 0; i < limit; i++) {
      await this.page.keyboard.press('Tab');
      const found = await this.page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body || el.dataset.ringChecked) return { done: true, problem: null };
        el.dataset.ringChecked = 'yes';
        const name = (e: Element) =>
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 40)}"`;
        // A visually hidden control (a radio drawn as its label) shows its ring on the label.
        const shown = el.getBoundingClientRect().width <= 1 ? (el.closest('label') ?? el) : el;
        const style = getComputedStyle(shown);
        const outline = style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) : 0;
        if (!outline && style.boxShadow === 'none') return { done: false, problem: `${name(el)}: no focus ring` };
        const grow = outline ? outline + parseFloat(style.outlineOffset) : 2;
        const r = shown.getBoundingClientRect();
        const ring = { left: r.left - grow, top: r.top - grow, right: r.right + grow, bottom: r.bottom + grow };
        const cut = (c: { left: number; top: number; right: number; bottom: number }) =>
          (['left', 'top', 'right', 'bottom'] as const).filter((side) =>
            side === 'left' || side === 'top' ? ring[side] < c[side] - 0.5 : ring[side] > c[side] + 0.5,
          );
        for (let a = shown.parentElement; a; a = a.parentElement) {
          const s = getComputedStyle(a);
          if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
          const sides = cut(a.getBoundingClientRect());
          if (sides.length) return { done: false, problem: `${name(el)}: ring cut on the ${sides.join(', ')} by ${name(a)}` };
        }
        const sides = cut({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight });
        if (sides.length) return { done: false, problem: `${name(el)}: ring cut on the ${sides.join(', ')} by the window` };
        // Nothing else (a sticky heading, a sheet) lies over the middle of each side: of an inset ring, or just inside
        // the control for a ring drawn around it (what is under the outline itself is painted below it).
        const d = Math.max(1, -(grow - outline / 2));
        const points = { left: [r.left + d, (r.top + r.bottom) / 2], top: [(r.left + r.right) / 2, r.top + d], right: [r.right - d, (r.top + r.bottom) / 2], bottom: [(r.left + r.right) / 2, r.bottom - d] };
        const hidden = Object.entries(points).flatMap(([side, [x, y]]) => {
          const hit = document.elementFromPoint(x, y);
          return !hit || hit === shown || shown.contains(hit) || hit.contains(shown) ? [] : [`${side} under ${name(hit)}`];
        });
        return { done: false, problem: hidden.length ? `${name(el)}: ring ${hidden.join(', ')}` : null };
      });
      if (found.done) break;
      visited++;
      if (found.problem) problems.push(found.problem);
    }
    return { visited, problems };
  }

  /** A picture of the page as it is now, even with the map still loading. */
  async screenshotWhileTheMapLoads(name: string) {
    return keepScreenshot(this.page, this.testInfo, name);
  }

  /** How many pixels of the map are in a colour, once it has drawn (an Interstate shield's blue, #1e4f9c, say). */
  async mapPixelsNear(color: string): Promise<number> {
    await expect(this.map).toHaveAttribute('data-ready', 'true');
    await this.page.waitForTimeout(800); // as for a screenshot: the map's sources drawn and its fade done
    return pixelsNear(await this.map.screenshot(), color, 16);
  }

  async screenshot(name: string) {
    await expect(this.map).toHaveAttribute('data-ready', 'true');
    await this.page.waitForTimeout(800); // let the map draw its sources and finish its fade before the picture
    return keepScreenshot(this.page, this.testInfo, name);
  }

  async seriousAxeViolations() {
    const results = await new AxeBuilder({ page: this.page }).exclude('.maplibregl-canvas').analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  /** A point on the map, as a fraction of its box, in page pixels. */
  async mapPoint(fx: number, fy: number): Promise<Point> {
    const box = (await this.map.boundingBox())!;
    return { x: box.x + box.width * fx, y: box.y + box.height * fy };
  }

  /** Where a longitude and latitude are on the page, from the map's live view (Web Mercator, 512 px tiles). */
  async screenPoint(lon: number, lat: number): Promise<Point> {
    return (await this.projector())(lon, lat);
  }

  /** Once the map's view holds still: a function from longitude and latitude to a point on the page. */
  async projector(): Promise<(lon: number, lat: number) => Point> {
    return projectorOf(this.map);
  }

  /** Whether a place's spot is on the map and not under a panel (the side panel or sheet, the drawer, the tools). */
  async isInClearView(lon: number, lat: number): Promise<boolean> {
    const p = await this.screenPoint(lon, lat);
    const inside = (b: { x: number; y: number; width: number; height: number } | null) =>
      b !== null && p.x >= b.x && p.x <= b.x + b.width && p.y >= b.y && p.y <= b.y + b.height;
    const boxOf = async (l: Locator) => ((await l.count()) ? l.boundingBox() : null);
    if (!inside(await this.map.boundingBox())) return false;
    const tools = await boxOf(this.page.getByRole('toolbar', { name: 'Search area tools' }));
    if (tools !== null && p.y <= tools.y + tools.height) return false;
    // What covers the map and takes clicks: the panels, the zoom buttons, a style's own attribution (the scale and the
    // count let clicks through).
    const covers = [
      this.page.getByRole('complementary', { name: 'Search and results' }),
      this.drawer,
      this.page.locator('.maplibregl-ctrl-group, .maplibregl-ctrl-attrib'),
    ];
    for (const cover of covers) for (const element of await cover.all()) if (inside(await element.boundingBox())) return false;
    return true;
  }

  private async drag(from: Point, to: Point) {
    const mouse = this.page.mouse;
    await mouse.move(from.x, from.y);
    await mouse.down();
    for (let i = 1; i <= 12; i++) await mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
    await mouse.up();
  }
}
