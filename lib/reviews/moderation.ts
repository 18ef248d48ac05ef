import type { PlacePhoto, Review, ReviewStore } from './store/types';

/** What the author is told of a moderator's decision about their review or photo (the identity server's mail). */
export type ModerationNotice = { of: 'review' | 'photo' } & ({ kind: 'hidden'; reason: string } | { kind: 'restored' });

export interface ModerationStep {
  /** Who acted: the operator's name at the command line, or a moderator's handle. */
  by: string;
  now: string;
}

type Hidden = { at: string; by: string; reason: string } | null;

/** What moderators act on, a review or a photo: read, hidden or shown, its reports closed. */
export interface ModerationSubject<T extends { hidden: Hidden }> {
  of: ModerationNotice['of'];
  get(id: string): Promise<T | null>;
  setHidden(id: string, hidden: Hidden): Promise<T | null>;
  closeReports(id: string, now: string): Promise<number>;
}

export const reviewsOf = (store: ReviewStore): ModerationSubject<Review> => ({
  of: 'review',
  get: (id) => store.get(id),
  setHidden: (id, hidden) => store.setHidden(id, hidden),
  closeReports: (id, now) => store.closeReports(id, now),
});

export const photosOf = (store: ReviewStore): ModerationSubject<PlacePhoto> => ({
  of: 'photo',
  get: (id) => store.getPhoto(id),
  setHidden: (id, hidden) => store.setPhotoHidden(id, hidden),
  closeReports: (id, now) => store.closePhotoReports(id, now),
});

/**
 * Hides a review or photo from the place, the API and the counts, with the reason its author is shown beside it; the
 * reports on it are closed. Null when it is gone.
 */
export async function hide<T extends { hidden: Hidden }>(subject: ModerationSubject<T>, id: string, reason: string, step: ModerationStep): Promise<T | null> {
  const hidden = await subject.setHidden(id, { at: step.now, by: step.by, reason });
  if (hidden) await subject.closeReports(id, step.now);
  return hidden;
}

/** Shows a hidden review or photo again; its reports are closed too. */
export async function restore<T extends { hidden: Hidden }>(subject: ModerationSubject<T>, id: string, step: ModerationStep): Promise<T | null> {
  const restored = await subject.setHidden(id, null);
  if (restored) await subject.closeReports(id, step.now);
  return restored;
}

/** Leaves a reported review or photo as it is and closes its reports: the count closed. */
export function dismiss<T extends { hidden: Hidden }>(subject: ModerationSubject<T>, id: string, step: ModerationStep): Promise<number> {
  return subject.closeReports(id, step.now);
}
