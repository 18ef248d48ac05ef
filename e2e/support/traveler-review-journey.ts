import { expect, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import type { Place } from '../../lib/explorer/types';
import { apiSearch, placesApi } from '../fixtures/places-api';
import { AuthDriver } from './auth-driver';
import { ExplorerDriver } from './explorer-driver';
import { keepScreenshot } from './screenshots';

/** A campground of its own for each project (they share the server and the traveler), away from the other specs' places. */
export async function campgroundFor(testInfo: TestInfo, offset = 0): Promise<Place> {
  const near = await apiSearch('center=-111.89,40.76&radius=400000&tags=campgrounds&sort=distance&limit=10');
  const hit = near.data[(testInfo.project.name === 'phone' ? 3 : 2) + offset];
  return (await placesApi<{ data: Place }>(`canonical_places/${hit.id}`)).data;
}

const ratingsOf = async (explorer: ExplorerDriver) => Number((await explorer.drawer.locator('dt:text-is("Ratings") + dd').innerText()).replace(/,/g, ''));

/** A run that stopped half-way leaves its review in the data directory: start from none. */
export async function removeLeftovers(explorer: ExplorerDriver) {
  const mine = explorer.drawer.getByTestId('my-review');
  while ((await mine.count()) > 0) {
    await mine.first().getByRole('button', { name: 'Delete…' }).click();
    await mine.first().getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(mine).toHaveCount(0);
  }
}

/**
 * Issue 54: a traveler writes a review of a campground from its drawer (stars chosen with the keyboard, the RV
 * details), sees it counted in the place's figures and in the Place API, edits it (a refusal named beside its field
 * first), finds it on their public page, and deletes it.
 */
export async function writeEditAndDeleteAReview(page: Page, testInfo: TestInfo, suffix = '') {
  const shot = (name: string) => keepScreenshot(page, testInfo, `${name}${suffix}`);
  const place = await campgroundFor(testInfo);
  const explorer = new ExplorerDriver(page, testInfo);
  const auth = new AuthDriver(page, testInfo);

  await explorer.openExplorer(`place=${place.id}`);
  await expect(explorer.drawer.getByText('Been here?')).toBeVisible();
  await auth.signInAs('traveler');
  await explorer.openExplorer(`place=${place.id}`);
  await expect(explorer.drawer.getByRole('button', { name: 'Write a review' })).toBeVisible();
  await removeLeftovers(explorer);
  const before = await ratingsOf(explorer);

  await explorer.drawer.getByRole('button', { name: 'Write a review' }).click();
  const form = explorer.drawer.getByRole('form', { name: 'Write a review' });
  await form.getByRole('radio', { name: '3 stars' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await form.getByLabel('Date of your visit').fill('2026-09-14');
  await form.getByLabel('Your review').fill('Our 38 ft fifth wheel fit in site 12.\nVerizon had 3 bars.');
  await form.getByLabel('Rig length that fit (ft)').fill('38');
  await form.getByLabel('Price paid a night').fill('45');
  await form.getByLabel('50 A electric').check();
  await form.getByLabel('Water').check();
  // A photo taken by the phone at the site, its GPS position in its EXIF, sent with the review.
  const sitePhoto = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 110, b: 80 } } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1' } })
    .jpeg()
    .toBuffer();
  await form.getByLabel('Photos from your visit (optional)').setInputFiles({ name: 'site-12.jpg', mimeType: 'image/jpeg', buffer: sitePhoto });
  await shot('review-form');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  const reviewPhotoSent = page.waitForResponse((r) => r.url().endsWith(`/api/places/${place.id}/photos`) && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Post review' }).click();
  const reviewPhotoResponse = await reviewPhotoSent;
  expect(reviewPhotoResponse.status()).toBe(201);
  const reviewPhotoId = ((await reviewPhotoResponse.json()) as { data: { id: string } }).data.id;

  const mine = explorer.drawer.getByTestId('my-review');
  await expect(mine).toContainText('Our 38 ft fifth wheel fit in site 12.');
  await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(mine).toContainText('Visited September 2026');
  await expect(mine).toContainText('Rig 38 ft · $45.00 a night · 50 A electric, Water');
  await expect.poll(() => ratingsOf(explorer)).toBe(before + 1);
  const api = (await placesApi<{ data: Place }>(`canonical_places/${place.id}`)).data;
  expect(api.reviews?.[0]).toMatchObject({ source_user: 'traveler', rating: 4, visited_on: '2026-09-14' });
  expect(api.reviews?.[0].url).toMatch(/\/travelers\/traveler$/);
  await expect(explorer.drawer.getByTestId('place-gallery').locator('img').first()).toHaveAttribute('src', new RegExp(`/photos/${reviewPhotoId}/small\\.jpg$`));
  expect(api.images?.[0].image_url).toMatch(new RegExp(`/photos/${reviewPhotoId}/original\\.jpg$`));
  await shot('review-written');

  // Another from the drawer's "Add a photo", GPS in its EXIF too: kept, first in the place's gallery and API images.
  const photo = await sharp({ create: { width: 900, height: 1200, channels: 3, background: { r: 120, g: 90, b: 40 } } })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1' } })
    .jpeg()
    .toBuffer();
  const uploaded = page.waitForResponse((r) => r.url().endsWith(`/api/places/${place.id}/photos`) && r.request().method() === 'POST');
  await explorer.drawer.getByLabel('Add a photo').setInputFiles({ name: 'dump-station.jpg', mimeType: 'image/jpeg', buffer: photo });
  const photoId = ((await (await uploaded).json()) as { data: { id: string } }).data.id;
  await expect(explorer.drawer.getByText('Photo added. Thank you!')).toBeVisible();
  await expect(explorer.drawer.getByTestId('place-gallery').locator('img').first()).toHaveAttribute('src', new RegExp(`/photos/${photoId}/small\\.jpg$`));
  const withPhoto = (await placesApi<{ data: Place }>(`canonical_places/${place.id}`)).data;
  expect(withPhoto.images?.[0].image_url).toMatch(new RegExp(`/photos/${photoId}/original\\.jpg$`));
  const served = await page.request.get(`/photos/${photoId}/original.jpg`);
  expect(served.headers()['content-type']).toBe('image/jpeg');
  expect((await sharp(await served.body()).metadata()).exif, 'no EXIF left').toBeUndefined();
  await explorer.drawer.getByTestId('place-gallery').scrollIntoViewIfNeeded();
  await shot('photo-added');
  // Its author removes it from the drawer, with the keyboard: asked first, then gone from the gallery and the API.
  const own = explorer.drawer.getByTestId('own-photos');
  await expect(own.getByRole('img', { name: 'Your photo 1' })).toHaveAttribute('src', new RegExp(`/photos/${photoId}/thumbnail\\.jpg$`));
  await own.getByRole('button', { name: 'Remove your photo 1…' }).focus();
  await page.keyboard.press('Enter');
  await expect(own.getByText('Remove this photo?')).toBeVisible();
  await expect(own.getByRole('button', { name: 'Remove', exact: true })).toBeFocused();
  await shot('photo-remove-asked');
  await page.keyboard.press('Enter');
  await expect(own.getByText('Photo removed.')).toBeVisible();
  await expect(explorer.drawer.locator(`img[src*="/photos/${photoId}/"]`)).toHaveCount(0);
  expect((await placesApi<{ data: Place }>(`canonical_places/${place.id}`)).data.images?.[0]?.image_url ?? '').not.toContain(photoId);

  await mine.getByRole('button', { name: 'Edit' }).click();
  const edit = explorer.drawer.getByRole('form', { name: 'Edit your review' });
  await edit.getByLabel('Your review').fill('<b>Great</b>');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('a review is plain text: no HTML tags or character references').first()).toBeVisible();
  await edit.getByLabel('Your review').fill('Site 12 fit our 38 ft fifth wheel; the dump station was open.');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(mine).toContainText('the dump station was open');

  await page.goto('/travelers/traveler');
  await expect(page.getByRole('heading', { level: 1, name: 'traveler' })).toBeVisible();
  // The other project's traveler writes too, of another campground.
  const listed = page.getByTestId('traveler-reviews').getByRole('listitem').filter({ has: page.getByRole('link', { name: place.name, exact: true }) });
  await expect(listed).toContainText('the dump station was open');
  await expect(listed).toContainText('Rig 38 ft · $45.00 a night · 50 A electric, Water');
  await shot('traveler-page');
  expect(await auth.seriousAxeViolations()).toEqual([]);

  await explorer.openExplorer(`place=${place.id}`);
  await removeLeftovers(explorer);
  await expect.poll(() => ratingsOf(explorer)).toBe(before);
  // The review's photo went with it.
  expect(JSON.stringify((await placesApi<{ data: Place }>(`canonical_places/${place.id}`)).data.images)).not.toContain(reviewPhotoId);
}
