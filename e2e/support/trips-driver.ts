import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Locator, type Page, type TestInfo } from '@playwright/test';
import { pixelsNear } from './pixels';
import { projectorOf, type ScreenPoint } from './map-projection';
import { keepScreenshot } from './screenshots';
import { leavePages } from './leave-pages';

export interface PointStop {
  name: string;
  lon: number;
  lat: number;
}

/** A point stop with the plan a traveler may give it. */
export interface PlannedStop extends PointStop {
  arrivalDate?: string;
  nights?: number;
}

/** Drives trips as a traveler would: My trips, the trip page, sharing, export and import. */
export class TripsDriver {
  constructor(
    readonly page: Page,
    private readonly testInfo: TestInfo,
  ) {}

  // ---- given

  /** Kilometres from now on, whatever the browser's language (the choice a person makes with the km/miles switch). */
  async inKilometres() {
    await this.page.context().addCookies([{ name: 'units', value: 'km', url: new URL(this.page.url()).origin }]);
  }

  /** A trip of points (with their plans) made through the API as the signed-in person (the page's own origin). */
  async createTrip(name: string, stops: PlannedStop[]): Promise<string> {
    return this.postTrip({ name, stops: stops.map((s) => ({ kind: 'custom', ...s })) });
  }

  /** A trip made through the API as the signed-in person, then opened. */
  async givenTrip(name: string, stops: PlannedStop[]): Promise<string> {
    const id = await this.createTrip(name, stops);
    await this.openTrip(id);
    return id;
  }

  /** A trip of places (by id) made through the API as the signed-in person, then opened. */
  async givenPlaceTrip(name: string, placeIds: number[]): Promise<string> {
    const id = await this.postTrip({ name, stops: placeIds.map((placeId) => ({ kind: 'place', placeId })) });
    await this.openTrip(id);
    return id;
  }

  private async postTrip(trip: { name: string; stops: object[] }): Promise<string> {
    const response = await this.page.request.post('/api/trips', { data: trip, headers: { origin: new URL(this.page.url()).origin } });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { trip: { id: string } }).trip.id;
  }

  async openMyTrips() {
    await this.page.goto('/trips');
    await expect(this.page.getByRole('heading', { name: 'My trips' })).toBeVisible();
  }

  async openTrip(id: string) {
    await this.visitTrip(id);
    await this.waitForMap();
  }

  /** Goes to a trip's page without waiting for its map (a browser without WebGL never draws one). */
  async visitTrip(id: string) {
    await this.page.goto(`/trips/${id}`);
  }

  /** Opens a read-only share link. */
  async openSharedLink(link: string) {
    await this.page.goto(link);
    await this.waitForMap();
  }

  async waitForMap() {
    await expect(this.map).toHaveAttribute('data-ready', 'true');
  }

  // ---- when

  /** From an open place drawer: Add to trip, as a new trip with this name, then open it. */
  async addOpenPlaceToNewTrip(name: string) {
    const box = this.page.getByTestId('add-to-trip');
    await box.getByRole('button', { name: 'Add to trip' }).click();
    await box.getByPlaceholder('New trip name').fill(name);
    await box.getByRole('button', { name: 'New trip' }).click();
    await expect(box.getByRole('status')).toContainText(`Added to ${name}.`);
    await box.getByRole('link', { name: 'Open the trip' }).click();
    await this.page.waitForURL(/\/trips\/[\w-]+$/);
    await this.waitForMap();
  }

  /** From the Explorer's results list, without opening the place: "+" beside a result, then one of my trips. */
  async addResultToTrip(placeName: string, tripLabel: RegExp) {
    const list = this.page.getByTestId('results-list');
    const toggle = this.page.getByRole('button', { name: `Add ${placeName} to a trip` });
    const box = list.getByTestId('add-to-trip-from-list').filter({ has: toggle });
    await toggle.click();
    await box.getByRole('button', { name: tripLabel }).click();
    await expect(box.getByRole('status')).toContainText('Added to');
    return box;
  }

  async addPoint(stop: PointStop) {
    const form = this.page.getByTestId('add-stop-form');
    await form.getByLabel('Name').fill(stop.name);
    await form.getByLabel('Latitude').fill(String(stop.lat));
    await form.getByLabel('Longitude').fill(String(stop.lon));
    await this.saved(() => form.getByRole('button', { name: 'Add stop' }).click());
    await expect(this.stopNames).toContainText([stop.name]);
  }

  /** Drags a stop by its handle onto another stop's place, with the mouse. */
  async dragStop(from: number, to: number) {
    // Both stops in the middle of the panel, as a person scrolls them before dragging: a pointer near the panel's edge
    // makes dnd-kit scroll the list under it.
    await this.stops.nth(Math.min(from, to)).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const source = await this.handles.nth(from).boundingBox();
    if (!source) throw new Error('stop not on screen');
    const x = source.x + source.width / 2;
    let y = source.y + source.height / 2;
    // As a person drags: down in small moves until dnd-kit says the stop is over the place wanted (its live
    // announcement), then let go. A list that scrolls or a layout that shifts under the pointer on a busy machine
    // (a phone's sheet, say) cannot carry the stop one place too far.
    const announcer = this.page.locator('[id^="DndLiveRegion"]');
    const wanted = `is now at position ${to + 1}.`;
    const step = to > from ? 6 : -6;
    await this.saved(async () => {
      await this.page.mouse.move(x, y);
      await this.page.mouse.down();
      await this.page.mouse.move(x, (y += 8), { steps: 4 });
      for (let moves = 0; moves < 200 && !(await announcer.textContent())?.includes(wanted); moves++) {
        await this.page.mouse.move(x, (y += step), { steps: 2 });
      }
      await expect(announcer).toContainText(wanted);
      await this.page.mouse.up();
    });
  }

  /**
   * Moves a stop with the keyboard alone: Space to pick it up, arrows, Space to drop. Each arrow waits for dnd-kit's
   * announcement of its step, as a screen reader hears it; `quickly`, the arrows go one after the other, as a person
   * who knows where the stop goes presses them, and only the last position is waited for.
   */
  async moveStopByKeyboard(index: number, by: number, { quickly = false } = {}) {
    await this.handles.nth(index).focus();
    const announcer = this.page.locator('[id^="DndLiveRegion"]');
    await this.saved(async () => {
      await this.page.keyboard.press('Space');
      // dnd-kit announces the pick-up, and may at once announce the stop over its own position.
      await expect(announcer).toHaveText(new RegExp(`Picked up|is now at position ${index + 1}\\.`));
      // Its keyboard sensor listens for the arrows from a timer it set at the pick-up: a timer of the page's own, set
      // now, runs after it, so no arrow is pressed before dnd-kit hears it.
      await this.page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      for (let i = 1; i <= Math.abs(by); i++) {
        await this.page.keyboard.press(by > 0 ? 'ArrowDown' : 'ArrowUp');
        if (!quickly || i === Math.abs(by)) await expect(announcer).toContainText(`is now at position ${index + 1 + Math.sign(by) * i}.`);
      }
      await this.page.keyboard.press('Space');
    });
  }

  async rename(name: string) {
    await this.renameButton.click();
    await this.tripNameField.fill(name);
    await this.saved(() => this.page.getByRole('button', { name: 'Save', exact: true }).click());
  }

  async planStop(index: number, plan: { arrivalDate?: string; nights?: number; note?: string }) {
    const stop = this.stops.nth(index);
    await stop.getByRole('button', { name: /^Plan/ }).click();
    if (plan.arrivalDate) await this.saved(() => stop.getByLabel('Arrival date').fill(plan.arrivalDate!));
    if (plan.nights !== undefined) await this.saved(() => stop.getByLabel('Nights').fill(String(plan.nights)));
    if (plan.note) {
      await stop.getByLabel('Note').fill(plan.note);
      await this.saved(() => stop.getByRole('button', { name: /^Done/ }).click());
    } else {
      await stop.getByRole('button', { name: /^Done/ }).click();
    }
  }

  /** Opens a stop's plan and types its arrival date key by key, as a person types (month, day, year). */
  async typeArrivalDate(index: number, digits: string) {
    const stop = this.stops.nth(index);
    await stop.getByRole('button', { name: /^Plan/ }).click();
    await this.saved(() => stop.getByLabel('Arrival date').pressSequentially(digits, { delay: 30 }));
  }

  /**
   * Opens a stop's plan, clicks the date field on its year (where a click in the middle of a narrow field lands) and
   * types a whole date key by key from there, as a person who does not aim for the month does.
   */
  async clickAndTypeArrivalDate(index: number, digits: string) {
    const stop = this.stops.nth(index);
    await stop.getByRole('button', { name: /^Plan/ }).click();
    const field = stop.getByLabel('Arrival date');
    const yearAt = await field.evaluate((input) => {
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      return parseFloat(style.paddingLeft) + context.measureText('mm/dd/20').width;
    });
    const box = (await field.boundingBox())!;
    await this.saved(async () => {
      await this.page.mouse.click(box.x + yearAt, box.y + box.height / 2);
      await this.page.keyboard.type(digits, { delay: 30 });
    });
  }

  /** Opens a stop's plan and types only part of a date (no PATCH is expected). */
  async typePartialArrivalDate(index: number, digits: string) {
    const stop = this.stops.nth(index);
    await stop.getByRole('button', { name: /^Plan/ }).click();
    await stop.getByLabel('Arrival date').pressSequentially(digits, { delay: 30 });
  }

  /** Tab out of the date field, as from its year (the field's last part). */
  async leaveArrivalDate(index: number) {
    await this.page.keyboard.press('Tab');
    await expect(this.stops.nth(index).getByLabel('Arrival date')).not.toBeFocused();
  }

  async leavePlan(index: number) {
    await this.stops.nth(index).getByRole('button', { name: /^Done/ }).click();
  }

  /** Remove on a stop (a tap on a phone), saved. */
  async removeStopAndSave(index: number) {
    await this.saved(() => this.press(this.stops.nth(index).getByRole('button', { name: /^Remove/ })));
  }

  /** Undo in the notice of a stop just removed, saved. */
  async undoRemoval() {
    await this.saved(() => this.press(this.stopRemovedNotice.getByRole('button', { name: /^Undo/ })));
  }

  /** The km/miles switch on the trip page (a tap on a phone). */
  async chooseUnits(units: 'km' | 'mi') {
    await this.press(this.unitsSwitch.getByText(units === 'km' ? 'km' : 'miles', { exact: true }));
  }

  /** A change that is refused as stale still ends its request: wait for the PATCH either way. */
  async removeStop(index: number): Promise<number> {
    const [response] = await Promise.all([
      this.page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/trips/')),
      this.stops.nth(index).getByRole('button', { name: /^Remove/ }).click(),
    ]);
    return response.status();
  }

  async planOvernights(hoursPerDay: number) {
    const planner = this.page.getByTestId('overnight-planner');
    await planner.getByLabel('Driving per day (hours)').fill(String(hoursPerDay));
    await planner.getByRole('button', { name: 'Plan days' }).click();
    await expect(this.overnightDays.first()).toBeVisible();
  }

  /** Picks the first place proposed for a day's end; returns its name. */
  async stayAtFirstProposal(): Promise<string> {
    const stay = this.page.getByRole('button', { name: /^Stay here/ }).first();
    await expect(stay).toBeVisible();
    const name = ((await stay.getAttribute('aria-label')) ?? (await stay.innerText())).replace(/^Stay here:?\s*/, '');
    await this.saved(() => stay.click());
    return name;
  }

  /**
   * Find along this trip: the corridor, serviced makes from the RV filters, then Search. Waits for the answer;
   * returns the query the page sent (the Place API's parameters).
   */
  async searchAlong(options: { km?: number; makes?: string[] } = {}): Promise<string> {
    const section = this.alongSection;
    if (options.km !== undefined) await section.getByLabel(/^Within \((km|mi) of the route\)$/).fill(String(options.km));
    if (options.makes?.length) {
      const filters = section.locator('details').first();
      if ((await filters.getAttribute('open')) === null) await filters.locator('summary').click();
      for (const make of options.makes) await section.getByRole('group', { name: 'Serviced makes' }).getByRole('button', { name: make, exact: true }).click();
    }
    const answer = this.page.waitForResponse((r) => r.url().includes('/api/places/search?') && r.url().includes('route='));
    await section.getByRole('button', { name: 'Search along the route' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    await expect(this.alongTotal).not.toHaveText('');
    return new URL(response.url()).search.slice(1);
  }

  /** A result of the search along the trip, by its place id. */
  alongResult(placeId: number): Locator {
    return this.alongSection.locator(`[data-testid="along-result"][data-place-id="${placeId}"]`);
  }

  /** A found place's details, from its name in the list. */
  async openAlongResult(placeId: number) {
    await this.alongResult(placeId).getByTestId('along-name').click();
    await expect(this.drawer).toBeVisible();
  }

  get drawer(): Locator {
    return this.page.getByTestId('place-drawer');
  }

  async closeDrawer() {
    await this.drawer.getByRole('button', { name: 'Close place details' }).click();
  }

  /** Once the trip map holds still: where a longitude and latitude are on the page. */
  async projector(): Promise<(lon: number, lat: number) => ScreenPoint> {
    return projectorOf(this.map);
  }

  /** A click at a spot on the page (on the map: a found place, or a point to add). */
  async clickAt(point: ScreenPoint) {
    await this.page.mouse.click(point.x, point.y);
  }

  async pressKey(key: string) {
    await this.page.keyboard.press(key);
  }

  /** From an open place's details: its "Add after …" button. */
  async addFromDrawer() {
    await this.saved(() => this.drawer.getByRole('button', { name: /^Add after/ }).click());
  }

  async addAlongResult(placeId: number) {
    await this.saved(() => this.alongResult(placeId).getByRole('button', { name: /^Add after/ }).click());
  }

  get alongSection(): Locator {
    return this.page.getByTestId('along-trip');
  }

  get alongTotal(): Locator {
    return this.page.getByTestId('along-total');
  }

  get overnightDays(): Locator {
    return this.page.getByTestId('overnight-day');
  }

  async createShareLink(): Promise<string> {
    await this.page.getByRole('button', { name: 'Create a read-only link' }).click();
    await expect(this.page.getByTestId('share-link')).toHaveValue(/\/trips\/shared\//);
    return this.page.getByTestId('share-link').inputValue();
  }

  /** Revoke asks first: the driver says yes. The focus lands on the button that makes a new link. */
  async revokeShareLink() {
    this.page.once('dialog', (dialog) => void dialog.accept());
    await this.page.getByRole('button', { name: 'Revoke link' }).click();
    await expect(this.page.getByRole('button', { name: 'Create a read-only link' })).toBeFocused();
  }

  /** Delete asks first: the driver says yes. */
  async deleteTrip() {
    this.page.once('dialog', (dialog) => void dialog.accept());
    await this.page.getByRole('button', { name: 'Delete trip' }).click();
  }

  /** "My trips" in the page's header (in the account menu on a phone, once it is open). */
  async followMyTripsLink() {
    await this.page.getByRole('link', { name: 'My trips' }).first().click();
  }

  /** A trip listed on My trips, by its name. */
  async openListedTrip(name: string) {
    await this.page.getByRole('link', { name: new RegExp(name) }).click();
    await this.waitForMap();
  }

  async goBack() {
    await this.page.goBack();
  }

  async reload() {
    await this.page.reload();
  }

  /** The window's size, for a second browser of the same size. */
  windowSize() {
    return this.page.viewportSize() ?? undefined;
  }

  /** A browser of one's own, closed. */
  async close() {
    await leavePages(this.page.context());
    await this.page.context().close();
  }

  /** The owner shares the open trip with one of their organizations (its members may view and edit it). */
  async shareWithOrganization(name: string) {
    const shared = this.page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/organization'));
    await this.page.getByLabel('Share with an organization (its members can view and edit)').selectOption({ label: name });
    expect((await shared).status()).toBe(200);
  }

  /** My trips' sections, in order, by heading. */
  async tripSectionHeadings(): Promise<string[]> {
    return (await this.page.locator('main section h2').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
  }

  async exportGpx(): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('export-gpx').click()]);
    const file = this.testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    return file;
  }

  async exportIcs(): Promise<string> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('export-ics').click()]);
    const file = this.testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    return file;
  }

  get vehicleSummary(): Locator {
    return this.page.getByTestId('trip-vehicle-summary');
  }

  get legNotes(): Locator {
    return this.page.getByTestId('leg-note');
  }

  get fuel(): Locator {
    return this.page.getByTestId('fuel-cost');
  }

  /** Change vehicle, a preset by its label, then the legs routed again for it. */
  async chooseVehicle(label: string) {
    const panel = this.page.getByTestId('trip-vehicle');
    await panel.getByRole('button', { name: 'Change vehicle' }).click();
    await panel.getByLabel('Kind of vehicle').selectOption({ label });
    await this.saved(() => panel.getByRole('button', { name: 'Route for this vehicle' }).click());
    await expect(this.tripDistance).toBeVisible();
  }

  /** Change vehicle to one's own figures (the height as typed, in the unit the form shows); the form's answer when they are refused. */
  async tryOwnVehicleHeight(height: string, unit: 'm' | 'ft' = 'm'): Promise<Locator> {
    const panel = this.page.getByTestId('trip-vehicle');
    await panel.getByRole('button', { name: 'Change vehicle' }).click();
    await panel.getByLabel('Kind of vehicle').selectOption('custom');
    await panel.getByLabel(`Height (${unit})`).fill(height);
    await panel.getByRole('button', { name: 'Route for this vehicle' }).click();
    return panel.getByRole('alert');
  }

  async cancelVehicleChange() {
    await this.page.getByTestId('trip-vehicle').getByRole('button', { name: 'Cancel' }).click();
  }

  async typeFuelPrice(price: string) {
    await this.fuel.getByLabel(/^Price per/).fill(price);
  }

  async importGpx(file: string) {
    await this.chooseGpxFile(file);
    await this.page.waitForURL(/\/trips\/[\w-]+$/);
    await this.waitForMap();
  }

  /** On My trips: a file given to Import, whatever becomes of it. */
  async chooseGpxFile(file: string) {
    await this.page.getByTestId('import-gpx').setInputFiles(file);
  }

  /** A signed-out browser (a fresh context, no cookies) opening a link. */
  static async signedOut(browser: Browser, testInfo: TestInfo, options: Parameters<Browser['newContext']>[0] = {}): Promise<TripsDriver> {
    const context = await browser.newContext(options);
    return new TripsDriver(await context.newPage(), testInfo);
  }

  /** Runs what changes the trip and waits until the change is saved. */
  async saved(act: () => Promise<unknown>) {
    const response = this.page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/trips/'));
    await act();
    expect((await response).status()).toBe(200);
    await expect(this.page.getByTestId('trip-save-state')).toHaveText('');
  }

  /** From now on, keeps the body of every change sent to the trip API (its PATCH requests), in order. */
  watchChanges(): unknown[] {
    const sent: unknown[] = [];
    this.page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/api/trips/')) sent.push(r.postDataJSON());
    });
    return sent;
  }

  /** A tap where the browser is a touch screen, a click elsewhere. */
  private async press(target: Locator) {
    if (this.testInfo.project.use.hasTouch) await target.tap();
    else await target.click();
  }

  // ---- then

  get map(): Locator {
    return this.page.getByTestId('trip-map');
  }

  /** What a browser without WebGL shows in the map's place. */
  get mapUnavailable(): Locator {
    return this.page.getByTestId('map-unavailable');
  }

  get renameButton(): Locator {
    return this.page.getByRole('button', { name: 'Rename' });
  }

  get tripNameField(): Locator {
    return this.page.getByLabel('Trip name');
  }

  /** The trip's whole distance, in the units chosen. */
  get tripDistance(): Locator {
    return this.page.getByTestId('trip-distance');
  }

  get unitsSwitch(): Locator {
    return this.page.getByTestId('units-switch');
  }

  /** The notice of a stop just removed, with its Undo. */
  get stopRemovedNotice(): Locator {
    return this.page.getByTestId('stop-removed');
  }

  get addStopForm(): Locator {
    return this.page.getByTestId('add-stop-form');
  }

  /** The overnight plan: its days, the limit it states, the days of rest at stops. */
  get overnightPlan(): Locator {
    return this.page.getByTestId('overnight-days');
  }

  get overnightLimit(): Locator {
    return this.page.getByTestId('overnight-limit');
  }

  get overnightRests(): Locator {
    return this.page.getByTestId('overnight-rest');
  }

  /** What "Add stop" says it still needs. */
  get addStopMissing(): Locator {
    return this.page.getByTestId('add-stop-missing');
  }

  get skipToTrip(): Locator {
    return this.page.getByRole('link', { name: 'Skip to the trip' });
  }

  /** A trip of one stop's word on what a second stop brings. */
  get oneStopHint(): Locator {
    return this.page.getByTestId('one-stop-hint');
  }

  /** The map's − button: one zoom level out, once the view holds still again. */
  async zoomMapOut() {
    const before = (await this.map.getAttribute('data-view')) ?? '';
    await this.map.getByRole('button', { name: 'Zoom out' }).click();
    await expect(this.map).not.toHaveAttribute('data-view', before);
    await projectorOf(this.map);
  }

  /**
   * How many pixels in the colour of the map's road-limit labels lie where stop `index`'s pin stands, looked at with
   * the pins hidden: 0 when the label keeps clear of the pin.
   */
  async limitLabelPixelsUnderPin(index: number): Promise<number> {
    const pin = this.pins.nth(index);
    await pin.scrollIntoViewIfNeeded();
    const box = (await pin.boundingBox())!;
    await this.pins.evaluateAll((pins) => pins.forEach((p) => ((p as HTMLElement).style.visibility = 'hidden')));
    const shot = await this.page.screenshot({ clip: box });
    await this.pins.evaluateAll((pins) => pins.forEach((p) => ((p as HTMLElement).style.visibility = '')));
    // The labels' text colour, #92400e (trip-map-layers.tsx); the limit's ring, #b45309, is farther than this.
    return pixelsNear(shot, '#92400e', 24);
  }

  /** The numbered pins of the stops on the trip map. */
  get pins(): Locator {
    return this.page.getByTestId('trip-pin');
  }

  /** The banner of a trip opened from a read-only link. */
  get sharedBanner(): Locator {
    return this.page.getByTestId('shared-banner');
  }

  get signInButton(): Locator {
    return this.page.getByRole('button', { name: 'Sign in' });
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name });
  }

  /** The page's level-one headings: one, the trip's name, even while it is renamed. */
  get pageTitle(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  get main(): Locator {
    return this.page.getByRole('main');
  }

  /** My trips' list, its trips, a section of it (mine, or an organization's), and the error of an import. */
  get tripList(): Locator {
    return this.page.getByTestId('trip-list');
  }

  get listedTrips(): Locator {
    return this.tripList.getByRole('listitem');
  }

  tripSection(key: string): Locator {
    return this.page.getByTestId(`trip-section-${key}`);
  }

  get importError(): Locator {
    return this.page.getByTestId('new-trip-error');
  }

  /** An element by its id (what an aria-describedby names). */
  element(id: string): Locator {
    return this.page.locator(`[id="${id}"]`);
  }

  async expectAt(url: RegExp | string) {
    await expect(this.page).toHaveURL(url);
  }

  async waitForUrl(url: string) {
    await this.page.waitForURL(url);
  }

  /** Whether the trip's plan comes before its map in the document (what Tab reaches first). */
  async planComesBeforeMap(): Promise<boolean> {
    return this.page.evaluate(() => {
      const panel = document.querySelector('[data-testid="trip-panel"]');
      const map = document.querySelector('[data-testid="trip-map"]');
      return Boolean(panel && map && panel.compareDocumentPosition(map) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
  }

  /** A trip page as the server renders it, for this browser's session: its status and HTML. */
  async serverRenderedTrip(id: string): Promise<{ status: number; html: string }> {
    const response = await this.page.request.get(`/trips/${id}`);
    return { status: response.status(), html: await response.text() };
  }

  /** The id of the trip open now, from the address. */
  currentTripId(): string {
    return new URL(this.page.url()).pathname.split('/').pop()!;
  }

  /** A trip as the trip API gives it to this browser's session. */
  async tripFromApi<T>(id: string): Promise<T> {
    return (await this.page.request.get(`/api/trips/${id}`)).json() as Promise<T>;
  }

  /** The trip API's status for a trip, asked with this browser's session. */
  async tripApiStatus(id: string): Promise<number> {
    return (await this.page.request.get(`/api/trips/${id}`)).status();
  }

  get stops(): Locator {
    return this.page.getByTestId('trip-stop');
  }

  get stopNames(): Locator {
    return this.page.getByTestId('trip-stop-name');
  }

  get handles(): Locator {
    return this.page.getByTestId('trip-stop-handle');
  }

  get legs(): Locator {
    return this.page.getByTestId('trip-leg');
  }

  get totals(): Locator {
    return this.page.getByTestId('trip-totals');
  }

  get tripName(): Locator {
    return this.page.getByTestId('trip-name');
  }

  get conflict(): Locator {
    return this.page.getByTestId('trip-conflict');
  }

  /** Stop names in list order, without the screen-reader prefix. */
  async names(): Promise<string[]> {
    return (await this.stopNames.allInnerTexts()).map((t) => t.replace(/^Stop \d+:\s*/, '').trim());
  }

  async screenshot(name: string) {
    await this.page.waitForTimeout(300);
    await keepScreenshot(this.page, this.testInfo, name);
  }

  async seriousAxeViolations() {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  }
}
