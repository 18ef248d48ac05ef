import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import { e2eDataDir } from '../../playwright.config';
import { OWNERS_FILE } from '../../lib/owners/store';
import { SqliteOwnerStore } from '../../lib/owners/store/sqlite/store';
import { RV_SERVICED_MAKES } from '../../lib/places/catalog';
import type { Place } from '../../lib/explorer/types';
import { apiSearch, placesApi } from '../fixtures/places-api';
import { openMailbox } from './accounts-driver';
import { AuthDriver, organizationSearch } from './auth-driver';
import { ExplorerDriver } from './explorer-driver';
import { removeLeftovers } from './traveler-review-journey';
import { personIn } from './person-in';
import { keepScreenshot } from './screenshots';
import { TripsDriver } from './trips-driver';

/** `npm run places:owners -- ...` on the e2e server's data directory, as an operator runs it. */
export const owners = (...args: string[]) =>
  execFileSync(path.resolve('node_modules/.bin/tsx'), ['scripts/places/owners.ts', ...args], { env: { ...process.env, DATA_DIR: e2eDataDir, DATABASE_URL: '' }, encoding: 'utf8' });

const isoDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const SUMMIT = 'org-summit-rv';

/** Places near a point as Summit's Place API client sees them (with their RV service). */
const summitSearch = async (query: string) => (await organizationSearch(query, SUMMIT)).data as unknown as Place[];
const around = (place: Place) => `center=${place.locations[0].longitude},${place.locations[0].latitude}&radius=1000&sort=distance`;

/** An RV dealer of its own for each project (they share the server), and a make it does not service yet. */
async function dealerFor(testInfo: TestInfo): Promise<{ place: Place; make: string }> {
  const near = await summitSearch('center=-104.99,39.74&radius=500000&rv_service_serviced_makes=Jayco&sort=distance&limit=10');
  const place = near.filter((p) => RV_SERVICED_MAKES.some((m) => !p.rv_service!.serviced_makes.includes(m)))[testInfo.project.name === 'phone' ? 1 : 0];
  return { place, make: RV_SERVICED_MAKES.find((m) => !place.rv_service!.serviced_makes.includes(m))! };
}

/**
 * Issue 53: a Summit service advisor claims a dealer from its drawer, the operator approves the claim, the advisor
 * sets holiday closures and a new make (a refusal named beside its field first, with what was typed kept), a
 * traveler's search by that make finds the dealer at once, Summit's administrator reads the edit in the history
 * and undoes it, and the advisor answers a traveler's review as the owner.
 */
export async function claimEditAndUndoAListing(page: Page, browser: Browser, testInfo: TestInfo) {
  const shot = (name: string) => keepScreenshot(page, testInfo, name);
  const { place, make } = await dealerFor(testInfo);
  const explorer = new ExplorerDriver(page, testInfo);
  const auth = new AuthDriver(page, testInfo);

  await auth.signInByRequests('advisor', '/trips');
  await explorer.openExplorer(`place=${place.id}`);
  const listing = explorer.drawer.getByTestId('place-owner');
  await listing.getByRole('button', { name: 'Claim this place' }).click();
  await expect(listing).toContainText('Your organization has asked to keep this place');
  await shot('owner-claim-sent');
  expect(await explorer.seriousAxeViolations()).toEqual([]);

  // The operator's command lists the claim; a platform moderator approves it on their page.
  expect(owners('claims').split('\n').find((l) => l.includes(`place ${place.id} `))).toContain('Summit RV Dealers Group');
  await approveOnTheModeratorsPage(page, browser, testInfo, place);

  await explorer.openExplorer(`place=${place.id}`);
  await expect(listing).toContainText('Kept by Summit RV Dealers Group.');
  await listing.getByRole('link', { name: 'Edit this listing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: place.name })).toBeVisible();
  const form = page.getByRole('form', { name: `Listing of ${place.name}` });
  const monday = form.getByRole('group', { name: 'Regular hours' }).getByLabel('Monday');

  await monday.fill('9-17, 16-18');
  await form.getByRole('button', { name: 'Add a closure' }).click();
  // The new row stays this one when the holidays' rows come after it.
  const closure = form.getByTestId('closure-row').nth((await form.getByTestId('closure-row').count()) - 1);
  await closure.getByLabel('First day').fill(isoDay(10));
  await closure.getByLabel('Last day').fill(isoDay(17));
  await closure.getByLabel('Reason').fill('Closed for the holidays');
  // The state's public holidays ahead, each a closure of its own day (date-holidays).
  await form.getByRole('button', { name: /^Add the public holidays of .+, United States of America$/ }).click();
  await expect(form.getByRole('group', { name: 'Temporary closures' }).getByRole('status')).toHaveText(/^Added \d+ public holidays of .+ as closures below\. Remove those the place stays open on, then save\.$/);
  const holidayRows = await form.getByTestId('closure-row').count();
  await form.getByRole('group', { name: 'Temporary closures' }).getByRole('status').scrollIntoViewIfNeeded();
  await shot('owner-holidays-added');
  await form.getByLabel(make, { exact: true }).check();
  await form.getByRole('button', { name: 'Save the listing' }).click();
  await expect(form.getByRole('alert')).toHaveText('Nothing was saved: correct the fields marked in red, what you typed is kept.');
  await expect(form.getByText('09:00-17:00 and 16:00-18:00 overlap', { exact: true })).toBeVisible();
  await expect(monday).toHaveAttribute('aria-invalid', 'true');
  await expect(closure.getByLabel('Reason')).toHaveValue('Closed for the holidays');
  await shot('owner-listing-refused');
  expect(await explorer.seriousAxeViolations()).toEqual([]);

  await monday.fill('8am-5pm');
  await form.getByRole('button', { name: 'Save the listing' }).click();
  await expect(form.getByRole('status').filter({ hasText: /^Saved/ })).toHaveText('Saved: every search shows it now.');
  await expect(monday).toHaveValue('08:00-17:00');
  await shot('owner-listing-saved');

  // A traveler's search by the make finds the dealer at once, and its details show the closure ahead.
  const byMake = await summitSearch(`${around(place)}&rv_service_serviced_makes=${encodeURIComponent(make)}`);
  expect(byMake.map((p) => p.id)).toContain(place.id);
  const details = (await placesApi<{ data: Place }>(`canonical_places/${place.id}`)).data;
  expect(details.temporary_closures).toContainEqual(expect.objectContaining({ start_date: isoDay(10), end_date: isoDay(17), reason: 'Closed for the holidays' }));
  expect(details.temporary_closures).toHaveLength(holidayRows);
  expect(details.temporary_closures.filter((c) => c.start_date === c.end_date).length).toBeGreaterThan(place.temporary_closures.filter((c) => c.start_date === c.end_date).length);
  expect(details.owner_updated_on).toBe(isoDay(0));
  await explorer.openExplorer(`place=${place.id}`);
  await expect(listing).toContainText('Updated by the owner on');

  // A trip that stays at the dealer during the closure is warned of it, with the owner's reason.
  const trips = new TripsDriver(page, testInfo);
  await trips.givenPlaceTrip(`Service at ${place.name}`, [place.id]);
  await trips.planStop(0, { arrivalDate: isoDay(11), nights: 2 });
  await expect(trips.stops.nth(0).getByTestId('closure-warning')).toContainText('Closed for the holidays');
  await shot('owner-closure-on-a-trip');

  // The advisor opens the listing again, and leaves it open while the administrator undoes the edit.
  await auth.visit(`/places/${place.id}/listing`);
  await expect(monday).toHaveValue('08:00-17:00');

  // Summit's administrator, in a browser of their own, reads the history and undoes the edit.
  const adminContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const adminPage = await adminContext.newPage();
  const admin = new AuthDriver(adminPage, testInfo);
  await admin.signInByRequests('admin', '/trips');
  // Exploring as another of their organizations, the listing's page says which keeps it and how to switch.
  await admin.switchOrganization('org-lakeside-tourism');
  await admin.visit(`/places/${place.id}/listing`);
  await keepScreenshot(adminPage, testInfo, 'owner-listing-other-organization');
  await expect(adminPage.getByRole('main').getByRole('alert')).toContainText('Summit RV Dealers Group keeps this place, and you explore as Lakeside Tourism Office');
  await admin.switchOrganization(SUMMIT);
  await admin.visit(`/places/${place.id}/listing`);
  const edit = adminPage.getByTestId('listing-edit').first();
  await expect(edit).toContainText('Sam Advisor changed the hours, temporary closures and RV service');
  // What it changed, line by line, as it was and as it became.
  await edit.getByText('What changed', { exact: true }).click();
  const changed = (what: string | RegExp) => edit.locator('div', { has: adminPage.locator('dt', { hasText: what }) }).locator('dd');
  await expect(changed(/Monday$/)).toContainText(', now 08:00–17:00');
  await expect(changed(/^Serviced makes$/)).toContainText(make);
  await expect(changed(/^Closure$/).filter({ hasText: 'Closed for the holidays' })).toHaveText(/^added: .+: Closed for the holidays$/);
  await edit.scrollIntoViewIfNeeded();
  await keepScreenshot(adminPage, testInfo, 'owner-listing-history');
  expect(await new ExplorerDriver(adminPage, testInfo).seriousAxeViolations()).toEqual([]);
  await edit.getByRole('button', { name: /^Undo: Sam Advisor/ }).click();
  await edit.getByRole('button', { name: 'Undo it' }).click();
  await expect(adminPage.getByRole('main').getByRole('status').filter({ hasText: /^Undone/ })).toHaveText('Undone: the listing is as it was before that edit.');
  await expect(adminPage.getByTestId('listing-edit').first()).toContainText('Ada Admin undid an edit of the hours, temporary closures and RV service');
  const undone = (await placesApi<{ data: Place }>(`canonical_places/${place.id}`)).data;
  expect(undone.temporary_closures).toEqual(place.temporary_closures);
  const undoneRv = (await summitSearch(around(place))).find((p) => p.id === place.id)!.rv_service;
  expect(undoneRv?.serviced_makes).toEqual(place.rv_service?.serviced_makes);
  await adminContext.close();
  await saveOverAnotherEditorsChange(page, testInfo, place);
  await answerAReviewAsTheOwner(page, browser, testInfo, place);
}

/**
 * The advisor's form was opened before the administrator's undo: saving it says what the other editor changed, keeps
 * what was typed, and saves it over theirs when asked.
 */
async function saveOverAnotherEditorsChange(page: Page, testInfo: TestInfo, place: Place) {
  const form = page.getByRole('form', { name: `Listing of ${place.name}` });
  const tuesday = form.getByRole('group', { name: 'Regular hours' }).getByLabel('Tuesday');
  await tuesday.fill('10-16');
  // Leaving with a change not saved asks first; staying keeps it.
  const asked = page.waitForEvent('dialog');
  const leaving = form.getByRole('link', { name: 'Back to the map' }).click();
  const dialog = await asked;
  expect(dialog.message()).toBe('Leave this page? Your changes to the listing are not saved.');
  await dialog.dismiss();
  await leaving;
  await expect(tuesday).toHaveValue('10-16');
  await form.getByRole('button', { name: 'Save the listing' }).click();
  const conflict = form.getByRole('alert');
  await expect(conflict).toContainText('Nothing was saved: someone else saved this listing');
  await expect(conflict).toContainText('changed the hours, the closures, and the RV service.');
  await expect(tuesday).toHaveValue('10-16');
  await conflict.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'owner-listing-conflict');
  expect(await new ExplorerDriver(page, testInfo).seriousAxeViolations()).toEqual([]);
  await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
  await expect(form.getByRole('status').filter({ hasText: /^Saved/ })).toHaveText('Saved: every search shows it now.');
  await expect(form.getByRole('group', { name: 'Regular hours' }).getByLabel('Tuesday')).toHaveValue('10:00-16:00');
  const details = (await placesApi<{ data: Place }>(`canonical_places/${place.id}`)).data;
  expect(details.hours?.['<default>']?.tue_open_close).toEqual(['10:00-16:00']);
}

/** A platform moderator finds Summit's claim on the dealer in the account menu's Moderation page and approves it. */
async function approveOnTheModeratorsPage(page: Page, browser: Browser, testInfo: TestInfo, place: Place) {
  const moderator = await personIn(browser, page, testInfo, 'moderator');
  const refused = await moderator.page.request.post('/api/moderation/claims/no-such-claim', { data: { action: 'hide' }, headers: { origin: new URL(moderator.page.url()).origin } });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).error).toMatchObject({ code: 'invalid_parameter', parameter: 'action' });
  const notModerator = await page.request.post('/api/moderation/claims/no-such-claim', { data: { action: 'approve' }, headers: { origin: new URL(page.url()).origin } });
  expect(notModerator.status()).toBe(403);

  await moderator.auth.visit('/moderation');
  const claims = moderator.page.getByTestId('claim-moderation');
  const claim = claims.getByTestId('moderated-claim').filter({ hasText: place.name }).filter({ hasText: 'Summit RV Dealers Group' });
  await expect(claim).toContainText('asked by Sam Advisor');
  await keepScreenshot(moderator.page, testInfo, 'owner-claim-waiting');
  expect(await moderator.explorer.seriousAxeViolations()).toEqual([]);
  await claim.getByRole('button', { name: `Approve Summit RV Dealers Group’s claim on ${place.name}` }).click();
  await expect(claims.getByRole('status')).toHaveText(`Approved: Summit RV Dealers Group keeps ${place.name} now. The member who asked was told by e-mail.`);
  await expect(claims.getByRole('region', { name: 'Answered claims' }).getByTestId('moderated-claim').first()).toContainText('Approved by moderator');
  await moderator.context.close();
}

/** A traveler reviews the dealer; Summit's advisor answers as Summit, in the drawer and in the Place API. */
async function answerAReviewAsTheOwner(page: Page, browser: Browser, testInfo: TestInfo, place: Place) {
  const travelerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const traveler = new ExplorerDriver(await travelerContext.newPage(), testInfo);
  await new AuthDriver(traveler.page, testInfo).signInByRequests('traveler', '/trips');
  await traveler.openExplorer(`place=${place.id}`);
  await removeLeftovers(traveler);
  await traveler.drawer.getByRole('button', { name: 'Write a review' }).click();
  const form = traveler.drawer.getByRole('form', { name: 'Write a review' });
  await form.locator('label', { hasText: '3 stars' }).click();
  await form.getByLabel('Date of your visit').fill('2026-09-14');
  await form.getByLabel('Your review').fill('Waited two weeks for a slide-out motor.');
  await form.getByRole('button', { name: 'Post review' }).click();
  await expect(traveler.drawer.getByTestId('my-review')).toBeVisible();

  const advisor = new ExplorerDriver(page, testInfo);
  await advisor.openExplorer(`place=${place.id}`);
  await expect(advisor.drawer.getByTestId('answers-as-owner')).toHaveText('Summit RV Dealers Group owns this place: answer its travelers’ reviews as the owner below.');
  await expect(advisor.drawer.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
  const review = advisor.drawer.getByTestId('place-reviews').getByRole('listitem').filter({ hasText: 'Waited two weeks' });
  await review.getByRole('button', { name: 'Answer as Summit RV Dealers Group on traveler’s review' }).click();
  await review.getByLabel('Your answer, shown as Summit RV Dealers Group’s').fill('We now keep slide-out motors in stock.');
  await review.getByRole('button', { name: 'Post answer' }).click();
  const answer = review.getByTestId('owner-answer');
  await expect(answer).toHaveText('Answer from Summit RV Dealers Group, the ownerWe now keep slide-out motors in stock.');
  await keepScreenshot(page, testInfo, 'owner-answer');
  expect(await advisor.seriousAxeViolations()).toEqual([]);

  const details = (await placesApi<{ data: Place }>(`canonical_places/${place.id}`)).data;
  const reviewed = details.reviews!.find((r) => r.text.startsWith('Waited two weeks'))!;
  expect(reviewed.comments).toEqual([expect.objectContaining({ text: 'We now keep slide-out motors in stock.', source_user: 'advisor', owner: 'Summit RV Dealers Group' })]);

  await traveler.openExplorer(`place=${place.id}`);
  await removeLeftovers(traveler);
  await travelerContext.close();
}

/**
 * Issue 53: Summit's administrator proves a claim by the place's own mailbox: a code e-mailed to the address the
 * place gives, a wrong code refused with the tries left, the right one (read from the mail) making Summit the owner
 * at once, with no moderator.
 */
export async function proveAClaimByMailedCode(page: Page, testInfo: TestInfo) {
  const mailbox = await openMailbox();
  try {
    const near = (await apiSearch('center=-105.27,40.01&radius=200000&sort=distance&limit=30')).data as unknown as Place[];
    const place = near.find((p) => p.contact_info.email && !p.rv_service)!;
    const explorer = new ExplorerDriver(page, testInfo);
    const auth = new AuthDriver(page, testInfo);
    await auth.signInByRequests('admin', '/trips');
    await auth.switchOrganization(SUMMIT);
    await explorer.openExplorer(`place=${place.id}`);
    const listing = explorer.drawer.getByTestId('place-owner');
    const since = mailbox.received.length;
    await listing.getByRole('button', { name: `Prove it with a code e-mailed to ${place.contact_info.email}` }).click();
    const code = listing.getByLabel(`The code e-mailed to ${place.contact_info.email}`);
    const mail = await mailbox.waitFor(place.contact_info.email, /^Your code for Summit RV Dealers Group’s claim on Trip Explorer: \d{6}$/, since);
    const sent = /(\d{6})$/.exec(mail.subject)![1];
    expect(mail.text).toContain(`give them this code, or type it where the claim was made: ${sent}`);

    // A code of the wrong shape is told by the page and spends none of the five tries.
    await code.fill(sent.slice(0, 5));
    await listing.getByRole('button', { name: 'Confirm' }).click();
    await expect(listing.getByRole('alert')).toHaveText('Type the six digits of the e-mail.');
    await code.fill(String((Number(sent) + 1) % 1_000_000).padStart(6, '0'));
    await listing.getByRole('button', { name: 'Confirm' }).click();
    await expect(listing.getByRole('alert')).toHaveText('This is not the code: 4 tries left.');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await keepScreenshot(page, testInfo, 'owner-claim-code-refused');
    expect(await explorer.seriousAxeViolations()).toEqual([]);

    await code.fill(sent);
    await code.press('Enter');
    await expect(listing).toContainText('Kept by Summit RV Dealers Group.');
    await expect(listing.getByRole('link', { name: 'Edit this listing' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'owner-claim-code-approved');
    expect(owners('owners')).toContain(`place ${place.id}  Summit RV Dealers Group`);

    // Given an import whose file has another description: the editor shows it, and the administrator keeps theirs.
    const store = SqliteOwnerStore.open(path.join(e2eDataDir, OWNERS_FILE));
    await store.setImportDifferences(place.id, { at: new Date().toISOString(), fields: { description: 'A description from the map.' } });
    store.close();
    await auth.visit(`/places/${place.id}/listing`);
    const differences = page.getByRole('region', { name: /^The data import of .+ has other values$/ });
    await expect(differences).toContainText('Description in the import: A description from the map.');
    await keepScreenshot(page, testInfo, 'owner-import-differences');
    expect(await explorer.seriousAxeViolations()).toEqual([]);
    await differences.getByRole('button', { name: 'Keep your description' }).click();
    await expect(page.getByRole('status').filter({ hasText: /stays/ })).toHaveText('Your description stays as it is.');
    await expect(differences).toHaveCount(0);
    expect(owners('release', String(place.id))).toContain('has no owner now');
  } finally {
    await mailbox.close();
  }
}
