import crypto from 'node:crypto';
import { HttpError } from '@/lib/http/http-error';
import type { LimitRule } from '@/lib/limits';
import { PhotoRefused, type PhotoRefusal } from '@/lib/photos/errors';
import { processPhoto } from '@/lib/photos/process-photo';
import { PHOTO_SIZES } from '@/lib/photos/sizes';
import { PHOTO_FILES, photoPath } from '../photo-path';
import type { PhotoImage, PlacePhoto } from '../store/types';
import { spendAddressWrite, spendPersonWrite } from './review-limits';
import { type ReviewDeps, whileTheReviewExists, type Writer } from './service';

/** Photos one person may add a day: a visit's worth, not a camera roll. */
export const PHOTOS_PER_PERSON: LimitRule = { name: 'place-photos-person', points: 20, durationSec: 86_400 };

const REFUSAL_STATUS: Record<PhotoRefusal, number> = { too_large: 413, not_an_image: 415, unsupported_format: 415, too_many_pixels: 422, unreadable: 422 };

/**
 * Adds a signed-in traveler's photo of a place (of one of their reviews of it, when `reviewId` is given): checked and
 * re-encoded by lib/photos (upright, no metadata, the spec's five sizes), then kept in the review store.
 */
export async function addPlacePhoto(deps: ReviewDeps, writer: Writer, placeId: number, file: Buffer, reviewId: string | null): Promise<PlacePhoto> {
  if (reviewId) {
    const review = await deps.store.get(reviewId);
    if (!review || review.placeId !== placeId || review.authorId !== writer.id) {
      throw new HttpError(400, 'invalid_parameter', 'review: a photo goes with one of your own reviews of this place', { parameter: 'review' });
    }
  }
  await spendAddressWrite(deps.limits, writer.address);
  const spent = await spendPersonWrite(deps.limits, PHOTOS_PER_PERSON, writer.id, 'photos');
  let processed;
  try {
    processed = await processPhoto(file);
  } catch (err) {
    await spent.giveBack();
    if (err instanceof PhotoRefused) throw new HttpError(REFUSAL_STATUS[err.code], err.code, err.message, { parameter: 'photo' });
    throw err;
  }
  const images: PhotoImage[] = [
    { size: 'original', ...processed.original },
    ...(Object.keys(PHOTO_SIZES) as (keyof typeof PHOTO_SIZES)[]).map((size) => ({ size, ...processed.sizes[size] })),
  ];
  const photo = { id: crypto.randomUUID(), placeId, reviewId, authorId: writer.id, authorHandle: writer.handle, fingerprint: processed.fingerprint, images, now: deps.now().toISOString() };
  try {
    return reviewId ? await whileTheReviewExists(deps.store, reviewId, () => deps.store.addPhoto(photo)) : await deps.store.addPhoto(photo);
  } catch (err) {
    await spent.giveBack();
    throw err;
  }
}

/**
 * One image of a photo as served: `original.jpg` or one of the five sizes. A photo of a hidden review is hidden with
 * it; null for anything else.
 */
export async function photoFile(deps: Pick<ReviewDeps, 'store'>, id: string, file: string): Promise<Buffer | null> {
  const size = PHOTO_FILES.find((s) => file === `${s}.jpg`);
  if (!size || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const photo = await deps.store.getPhoto(id);
  if (!photo) return null;
  if (photo.reviewId && (await deps.store.get(photo.reviewId))?.hidden) return null;
  return (await deps.store.photoImage(id, size))?.data ?? null;
}

/** A photo of a place as its author sees it in the drawer, to remove it. */
export interface OwnPhotoView {
  id: string;
  thumbnail: string;
  createdAt: string;
}

/** The reader's own photos of a place, the newest first (none for a visitor). */
export async function ownPhotos(deps: Pick<ReviewDeps, 'store'>, placeId: number, viewerId: string | null): Promise<OwnPhotoView[]> {
  if (!viewerId) return [];
  const photos = await deps.store.placePhotos(placeId);
  return photos.filter((p) => p.authorId === viewerId).map((p) => ({ id: p.id, thumbnail: photoPath(p.id, 'thumbnail'), createdAt: p.createdAt }));
}

/** Only its author removes a photo. */
export async function removePlacePhoto(deps: ReviewDeps, writer: Writer, id: string): Promise<void> {
  const photo = await deps.store.getPhoto(id);
  if (!photo) throw new HttpError(404, 'not_found', 'This photo no longer exists.');
  if (photo.authorId !== writer.id) throw new HttpError(403, 'not_yours', 'Only its author removes a photo.');
  await spendAddressWrite(deps.limits, writer.address);
  await deps.store.deletePhoto(id);
}
