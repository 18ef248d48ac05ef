import crypto from 'node:crypto';
import { HttpError } from '@/lib/http/http-error';
import type { LimitRule } from '@/lib/limits';
import { PhotoRefused, type PhotoRefusal } from '@/lib/photos/errors';
import { processPhoto } from '@/lib/photos/process-photo';
import { PHOTO_SIZES } from '@/lib/photos/sizes';
import { PHOTO_FILES, photoPath } from '../photo-path';
import type { PhotoImage, PlacePhoto, ReviewStore } from '../store/types';
import { spendAddressWrite, spendPersonWrite } from './review-limits';
import { reportInput } from '../review-input';
import { invalidBody } from '../write-review';
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
  // The same file again is not a way around the moderators.
  if ((await deps.store.placePhotos(placeId)).some((p) => p.hidden && p.authorId === writer.id && p.fingerprint === photo.fingerprint)) {
    await spent.giveBack();
    throw new HttpError(409, 'photo_hidden', 'The site’s moderators hid this photo of this place: it cannot be added again.', { parameter: 'photo' });
  }
  try {
    return reviewId ? await whileTheReviewExists(deps.store, reviewId, () => deps.store.addPhoto(photo)) : await deps.store.addPhoto(photo);
  } catch (err) {
    await spent.giveBack();
    throw err;
  }
}

const isPhotoId = (id: string) => /^[0-9a-f-]{36}$/.test(id);

/**
 * Each photo's hidden state, by id: its own, else its review's (a photo of a hidden review is hidden with it); null
 * for a photo readers see. Reads only the reviews of the photos not hidden on their own.
 */
export async function hiddenStates(store: ReviewStore, photos: readonly PlacePhoto[]): Promise<Map<string, PlacePhoto['hidden']>> {
  const reviewIds = [...new Set(photos.flatMap((p) => (!p.hidden && p.reviewId ? [p.reviewId] : [])))];
  const reviews = new Map((await Promise.all(reviewIds.map((id) => store.get(id)))).flatMap((r) => (r ? [[r.id, r.hidden] as const] : [])));
  return new Map(photos.map((p) => [p.id, p.hidden ?? (p.reviewId ? (reviews.get(p.reviewId) ?? null) : null)]));
}

/** A photo readers see: not hidden by a moderator, nor of a hidden review. Null otherwise, or when it is gone. */
async function shownPhoto(deps: Pick<ReviewDeps, 'store'>, id: string): Promise<PlacePhoto | null> {
  const photo = isPhotoId(id) ? await deps.store.getPhoto(id) : null;
  if (!photo || (await hiddenStates(deps.store, [photo])).get(photo.id)) return null;
  return photo;
}

/** One image of a photo as served: `original.jpg` or one of the five sizes, of a photo readers see; null otherwise. */
export async function photoFile(deps: Pick<ReviewDeps, 'store'>, id: string, file: string): Promise<Buffer | null> {
  const size = PHOTO_FILES.find((s) => file === `${s}.jpg`);
  if (!size || !(await shownPhoto(deps, id))) return null;
  return (await deps.store.photoImage(id, size))?.data ?? null;
}

const PHOTO_GONE = 'This photo no longer exists.';

/** A reader reports a photo someone else added to the moderators: `{ reason, note? }`, once a person a photo. */
export async function reportPlacePhoto(deps: ReviewDeps, writer: Writer, photoId: string, body: unknown): Promise<void> {
  const photo = await shownPhoto(deps, photoId);
  if (!photo || (deps.placeVisible && !(await deps.placeVisible(photo.placeId)))) throw new HttpError(404, 'not_found', PHOTO_GONE);
  if (photo.authorId === writer.id) throw new HttpError(403, 'own_photo', 'This is your photo: remove it instead of reporting it.');
  const parsed = reportInput.safeParse(body);
  if (!parsed.success) throw invalidBody(parsed.error.issues, 'reason');
  await spendAddressWrite(deps.limits, writer.address);
  const report = { photoId, reporterId: writer.id, reason: parsed.data.reason, note: parsed.data.note ?? null, now: deps.now().toISOString() };
  let reported: boolean;
  try {
    reported = await deps.store.reportPhoto(report);
  } catch (err) {
    // Removed by its author meanwhile: its reports' foreign key refused this one.
    if (!(await deps.store.getPhoto(photoId))) throw new HttpError(404, 'not_found', PHOTO_GONE);
    throw err;
  }
  if (!reported) throw new HttpError(409, 'already_reported', 'You have reported this photo already: the moderators will look at it.');
}

/** A photo of a place as its author sees it in the drawer, to remove it (with the moderators' reason once hidden). */
export interface OwnPhotoView {
  id: string;
  thumbnail: string;
  createdAt: string;
  hidden: { reason: string } | null;
}

/** The reader's own photos of a place, the newest first (none for a visitor), hidden ones with the moderators' reason. */
export async function ownPhotos(deps: Pick<ReviewDeps, 'store'>, placeId: number, viewerId: string | null): Promise<OwnPhotoView[]> {
  if (!viewerId) return [];
  const photos = (await deps.store.placePhotos(placeId)).filter((p) => p.authorId === viewerId);
  const hidden = await hiddenStates(deps.store, photos);
  return photos.map((p) => {
    const state = hidden.get(p.id);
    return { id: p.id, thumbnail: photoPath(p.id, 'thumbnail'), createdAt: p.createdAt, hidden: state ? { reason: state.reason } : null };
  });
}

/** Only its author removes a photo. */
export async function removePlacePhoto(deps: ReviewDeps, writer: Writer, id: string): Promise<void> {
  const photo = await deps.store.getPhoto(id);
  if (!photo) throw new HttpError(404, 'not_found', PHOTO_GONE);
  if (photo.authorId !== writer.id) throw new HttpError(403, 'not_yours', 'Only its author removes a photo.');
  await spendAddressWrite(deps.limits, writer.address);
  await deps.store.deletePhoto(id);
}
