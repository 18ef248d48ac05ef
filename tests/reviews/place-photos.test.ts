// Travelers' photos of places (issue 54): the upload's rules on the real SQLite store and the photo pipeline, the
// images served by file name, a photo of a hidden review hidden with it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/http/http-error';
import { limitStoreOn } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { addPlacePhoto, ownPhotos, photoFile, PHOTOS_PER_PERSON, removePlacePhoto } from '@/lib/reviews/explorer/photos';
import { createReview, type ReviewDeps, type Writer } from '@/lib/reviews/explorer/service';
import { SqliteReviewStore } from '@/lib/reviews/store/sqlite/store';

let dir: string;
let deps: ReviewDeps;
let jpeg: Buffer;
const writer = (handle: string): Writer => ({ id: `user-${handle}`, handle, organizationIds: [], address: `198.51.100.${handle.length}` });
const ann = writer('ann');

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'place-photos-'));
  deps = { store: SqliteReviewStore.open(path.join(dir, 'reviews.sqlite')), now: () => new Date('2026-12-02T12:00:00Z'), limits: limitStoreOn(memoryEngine()) };
  // A 1600 × 1200 photo with a GPS position in its EXIF, as a phone writes it.
  jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .withExif({ IFD0: { Make: 'Phone', Model: 'X' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await deps.store.close();
  await deps.limits?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (e: HttpError) => ({ status: e.status, code: e.code }));

describe('a traveler’s photo of a place', () => {
  it('is kept with the spec’s five sizes and the original, without metadata, and served by file name', async () => {
    const photo = await addPlacePhoto(deps, ann, 7, jpeg, null);
    expect(photo).toMatchObject({ placeId: 7, reviewId: null, authorHandle: 'ann' });
    expect(photo.fingerprint).toMatch(/^[0-9a-f]{40}$/);
    for (const [file, width, height] of [['original.jpg', 1600, 1200], ['thumbnail.jpg', 150, 150], ['square.jpg', 320, 320], ['small.jpg', 320, 240], ['medium.jpg', 800, 600], ['large.jpg', 1024, 768]] as const) {
      const data = (await photoFile(deps, photo.id, file))!;
      const meta = await sharp(data).metadata();
      expect([file, meta.format, meta.width, meta.height, meta.exif]).toEqual([file, 'jpeg', width, height, undefined]);
    }
    expect(await photoFile(deps, photo.id, 'huge.jpg')).toBeNull();
    expect(await photoFile(deps, photo.id, 'original.png')).toBeNull();
    expect(await photoFile(deps, '../../etc/passwd', 'original.jpg')).toBeNull();
  });

  it('refuses what is not a photo with the pipeline’s sentence and status, and that refusal costs no photo of the day', async () => {
    expect(await refusal(addPlacePhoto(deps, writer('bob'), 7, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), null))).toEqual({ status: 415, code: 'unsupported_format' });
    expect(await refusal(addPlacePhoto(deps, writer('bob'), 7, Buffer.from('hello'), null))).toEqual({ status: 415, code: 'not_an_image' });
    expect(await refusal(addPlacePhoto(deps, writer('bob'), 7, jpeg.subarray(0, 2000), null))).toEqual({ status: 422, code: 'unreadable' });
    expect((await deps.limits!.limiter(PHOTOS_PER_PERSON).get('user-bob'))?.consumed ?? 0).toBe(0);
  });

  it('goes with one of the writer’s own reviews of the place only, and is hidden with it', async () => {
    const cy = writer('cy');
    const review = await createReview(deps, cy, 8, { rating: 5, text: 'Shade all afternoon.', visitedOn: '2026-10-10' });
    expect(await refusal(addPlacePhoto(deps, ann, 8, jpeg, review.id))).toMatchObject({ status: 400 });
    expect(await refusal(addPlacePhoto(deps, cy, 9, jpeg, review.id))).toMatchObject({ status: 400 });
    const photo = await addPlacePhoto(deps, cy, 8, jpeg, review.id);
    expect(await photoFile(deps, photo.id, 'small.jpg')).not.toBeNull();
    await deps.store.setHidden(review.id, { at: '2026-12-02T12:00:00.000Z', by: 'admin', reason: 'spam' });
    expect(await photoFile(deps, photo.id, 'small.jpg')).toBeNull();
    // Its author reads why under their photos.
    expect(await ownPhotos(deps, 8, cy.id)).toEqual([expect.objectContaining({ id: photo.id, hidden: { reason: 'spam' } })]);
  });

  it('hidden by the moderators, is not taken again from its author, while another file is', async () => {
    const dee = writer('dee');
    const photo = await addPlacePhoto(deps, dee, 10, jpeg, null);
    await deps.store.setPhotoHidden(photo.id, { at: '2026-12-02T12:00:00.000Z', by: 'mo', reason: 'not this place' });
    expect(await ownPhotos(deps, 10, dee.id)).toEqual([expect.objectContaining({ id: photo.id, hidden: { reason: 'not this place' } })]);
    expect(await refusal(addPlacePhoto(deps, dee, 10, jpeg, null))).toEqual({ status: 409, code: 'photo_hidden' });
    const other = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 10, b: 200 } } }).jpeg().toBuffer();
    expect((await addPlacePhoto(deps, dee, 10, other, null)).hidden).toBeNull();
  });

  it('is removed by its author only', async () => {
    const [photo] = await deps.store.placePhotos(7);
    expect(await refusal(removePlacePhoto(deps, writer('bob'), photo.id))).toMatchObject({ status: 403, code: 'not_yours' });
    await removePlacePhoto(deps, ann, photo.id);
    expect(await photoFile(deps, photo.id, 'original.jpg')).toBeNull();
    expect(await refusal(removePlacePhoto(deps, ann, photo.id))).toMatchObject({ status: 404 });
  });
});
