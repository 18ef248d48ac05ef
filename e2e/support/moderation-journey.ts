import { type Browser, expect, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import type { Place } from '../../lib/explorer/types';
import { placesApi } from '../fixtures/places-api';
import { AuthDriver } from './auth-driver';
import { ExplorerDriver } from './explorer-driver';
import { leavePages } from './leave-pages';
import { personIn } from './person-in';
import { keepScreenshot } from './screenshots';
import { campgroundFor, removeLeftovers } from './traveler-review-journey';

/**
 * Issue 54: a reader comments on a traveler's review and reports it and their photo; a platform moderator finds the
 * reports on the moderation page and hides both with a reason; the reader no longer sees them, the Place API no longer
 * gives them, and their author sees why.
 */
export async function reportAndHideAReview(page: Page, browser: Browser, testInfo: TestInfo) {
  const site = testInfo.project.name === 'phone' ? 'site 14' : 'site 12';
  const text = `Ask for Joe at the gate, he gives the good sites (${site}).`;
  const place = await campgroundFor(testInfo, 2);
  // Given the traveler's review of a campground,
  const author = new ExplorerDriver(page, testInfo);
  await new AuthDriver(page, testInfo).signInByRequests('traveler', '/trips');
  await author.openExplorer(`place=${place.id}`);
  await removeLeftovers(author);
  await author.drawer.getByRole('button', { name: 'Write a review' }).click();
  const form = author.drawer.getByRole('form', { name: 'Write a review' });
  await form.locator('label', { hasText: '2 stars' }).click();
  await expect(form.getByRole('radio', { name: '2 stars' })).toBeChecked();
  await form.getByLabel('Date of your visit').fill('2026-08-02');
  await form.getByLabel('Your review').fill(text);
  await form.getByLabel('Rig length that fit (ft)').fill('32');
  const posted = page.waitForResponse((r) => r.url().endsWith(`/api/places/${place.id}/reviews`) && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Post review' }).click();
  const reviewId = ((await (await posted).json()) as { data: { id: string } }).data.id;
  await expect(author.drawer.getByTestId('my-review')).toBeVisible();
  // and a photo of the place (a file over the limit refused first: by the page before sending, by the server when sent),
  const oversized = Buffer.alloc(16 * 1024 * 1024);
  await author.drawer.getByLabel('Add a photo').setInputFiles({ name: 'panorama.jpg', mimeType: 'image/jpeg', buffer: oversized });
  await expect(author.drawer.getByText('This file is 16.0 MB; the most a photo may be is 15 MB.')).toBeVisible();
  const sentAnyway = await page.request.post(`/api/places/${place.id}/photos`, {
    multipart: { photo: { name: 'panorama.jpg', mimeType: 'image/jpeg', buffer: oversized } },
    headers: { origin: new URL(page.url()).origin },
  });
  expect([sentAnyway.status(), (await sentAnyway.json()).error]).toEqual([413, { code: 'payload_too_large', message: 'The most a photo may be is 15 MB.' }]);
  const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } } }).jpeg().toBuffer();
  const uploaded = page.waitForResponse((r) => r.url().endsWith(`/api/places/${place.id}/photos`) && r.request().method() === 'POST');
  await author.drawer.getByLabel('Add a photo').setInputFiles({ name: 'gate.jpg', mimeType: 'image/jpeg', buffer: picture });
  const photoId = ((await (await uploaded).json()) as { data: { id: string } }).data.id;
  await expect(author.drawer.getByText('Photo added. Thank you!')).toBeVisible();
  // and one more, sent with the review (as the review form sends its photos),
  const withReview = await page.request.post(`/api/places/${place.id}/photos`, {
    multipart: { photo: { name: 'site.jpg', mimeType: 'image/jpeg', buffer: picture }, review: reviewId },
    headers: { origin: new URL(page.url()).origin },
  });
  const reviewPhotoId = ((await withReview.json()) as { data: { id: string } }).data.id;

  // when the dealer, in a browser of their own, comments on it and reports it,
  const dealer = await personIn(browser, page, testInfo, 'dealer');
  await dealer.explorer.openExplorer(`place=${place.id}`);
  const review = dealer.explorer.drawer.getByTestId('place-reviews').getByRole('listitem').filter({ hasText: text });
  // with what the traveler said of their rig under it,
  await expect(review).toContainText('Rig 32 ft');
  await review.getByRole('button', { name: 'Comment on traveler’s review' }).click();
  await review.getByLabel('Your comment').fill('Joe retired in October.');
  await review.getByRole('button', { name: 'Post comment' }).click();
  await expect(review.getByLabel('Comments')).toContainText('Joe retired in October. — dealer');
  await review.getByRole('button', { name: 'Report traveler’s review' }).click();
  await review.getByLabel('Private information (a phone number, an address, a name)').check();
  await review.getByLabel('Note for the moderators (optional)').fill('Names a member of staff.');
  await keepScreenshot(dealer.page, testInfo, 'review-report');
  expect(await dealer.explorer.seriousAxeViolations()).toEqual([]);
  await review.getByRole('button', { name: 'Send report' }).click();
  await expect(review.getByRole('status')).toHaveText('Reported. Thank you: the moderators will look at it.');
  // and reports the photo too,
  const photo = dealer.explorer.drawer.getByTestId('place-gallery').getByRole('listitem').filter({ has: dealer.page.locator(`img[src*="/photos/${photoId}/"]`) });
  await photo.getByRole('button', { name: /^Report photo \d+ of / }).click();
  await photo.getByLabel('Not about this place').check();
  await photo.getByRole('button', { name: 'Send report' }).click();
  await expect(photo.getByRole('status')).toHaveText('Reported. Thank you: the moderators will look at it.');
  const photoReport = await dealer.page.request.post(`/api/photos/${reviewPhotoId}/reports`, {
    data: { reason: 'not_about_this_place', note: '' },
    headers: { origin: new URL(dealer.page.url()).origin },
  });
  expect(photoReport.status()).toBe(201);

  // then a moderator finds the report from their menu and hides the review, with the keyboard,
  const moderator = await personIn(browser, page, testInfo, 'moderator');
  await moderator.auth.openAccountMenu();
  await moderator.page.getByRole('link', { name: 'Moderation' }).click();
  await expect(moderator.page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  const reported = moderator.page.getByRole('region', { name: /^Reported reviews/ }).getByTestId('moderated-review').filter({ hasText: text });
  await expect(reported).toContainText(place.name);
  await expect(reported.getByRole('list', { name: 'Reports' })).toContainText('Private information (a phone number, an address, a name): Names a member of staff.');
  await keepScreenshot(moderator.page, testInfo, 'moderation-reports');
  expect(await moderator.explorer.seriousAxeViolations()).toEqual([]);
  const photoOf = (id: string) => moderator.page.getByRole('region', { name: /^Reported photos/ }).getByTestId('moderated-photo').filter({ has: moderator.page.locator(`img[src*="/photos/${id}/"]`) });
  await expect(photoOf(reviewPhotoId)).toHaveCount(1);
  await reported.getByRole('button', { name: 'Hide traveler’s review…' }).click();
  await reported.getByLabel('Reason, shown to its author').fill('names a member of staff');
  await moderator.page.keyboard.press('Enter');
  await expect(moderator.page.getByTestId('review-moderation').getByRole('status')).toHaveText('Hidden. Its author was told by e-mail.');
  const hidden = moderator.page.getByRole('region', { name: 'Hidden reviews' }).getByTestId('moderated-review').filter({ hasText: text });
  await expect(hidden).toContainText('names a member of staff');
  // The photo sent with the review is hidden with it: its report leaves the queue at once, to wait for the review.
  await expect(photoOf(reviewPhotoId)).toHaveCount(0);
  const reportedPhoto = moderator.page.getByRole('region', { name: /^Reported photos/ }).getByTestId('moderated-photo').filter({ has: moderator.page.locator(`img[src*="/photos/${photoId}/"]`) });
  await expect(reportedPhoto.getByRole('list', { name: 'Reports' })).toContainText('Not about this place');
  await reportedPhoto.getByRole('button', { name: 'Hide traveler’s photo…' }).click();
  await reportedPhoto.getByLabel('Reason, shown to its author').fill('not of this campground');
  await moderator.page.keyboard.press('Enter');
  await expect(moderator.page.getByTestId('photo-moderation').getByRole('status')).toHaveText('Hidden. Its author was told by e-mail.');
  await keepScreenshot(moderator.page, testInfo, 'moderation-hidden');
  expect(await moderator.explorer.seriousAxeViolations()).toEqual([]);
  const details = (await placesApi<{ data: Place }>(`canonical_places/${place.id}`)).data;
  expect(JSON.stringify(details.images)).not.toContain(photoId);
  expect((await page.request.get(`/photos/${photoId}/small.jpg`)).status()).toBe(404);

  // and the dealer no longer sees it, while its author sees why.
  await dealer.explorer.openExplorer(`place=${place.id}`);
  await expect(dealer.explorer.drawer.getByText(text)).toHaveCount(0);
  await author.openExplorer(`place=${place.id}`);
  await expect(author.drawer.getByTestId('my-review')).toContainText('Hidden by the site’s moderators (names a member of staff): only you see it.');
  await expect(author.drawer.getByTestId('own-photos')).toContainText('hidden by the site’s moderators (not of this campground)');
  await author.screenshot('review-hidden');
  await removeLeftovers(author);
  await author.drawer.getByTestId('own-photos').getByRole('button', { name: /^Remove your photo/ }).first().click();
  await author.drawer.getByTestId('own-photos').getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(author.drawer.getByText('Photo removed.')).toBeVisible();
  for (const other of [dealer, moderator]) {
    await leavePages(other.context);
    await other.context.close();
  }
}
