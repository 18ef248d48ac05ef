import { withSession } from '@/lib/auth/with-session';
import { readerOf, writerOf } from '@/lib/auth/reviewer';
import { placeIdParam, requireVisiblePlace } from '@/lib/places-client/place-visible';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json';
import { reviewDeps } from '@/lib/reviews/explorer/deps';
import { MAX_REVIEW_BODY_BYTES } from '@/lib/reviews/review-input';
import { createReview, ownerStatus, placeReviews } from '@/lib/reviews/explorer/service';
import { ownPhotos } from '@/lib/reviews/explorer/photos';

export const dynamic = 'force-dynamic';

/**
 * Travelers' reviews of a place, the reader's own marked (and shown to them when hidden), who reads (null: a visitor;
 * their part in the owning organization: ownerStatus) and the reader's own photos of the place, which they may remove.
 */
export const GET = withSession<{ id: string }>(async ({ request, params, session }) => {
  const id = placeIdParam(params.id);
  await requireVisiblePlace(id, request);
  const reader = await readerOf(session, request);
  const viewerId = reader?.id ?? null;
  const deps = reviewDeps();
  const [data, photos, owner] = await Promise.all([placeReviews(deps, id, viewerId), ownPhotos(deps, id, viewerId), reader ? ownerStatus(deps, reader, id) : null]);
  return jsonOk({ data, viewer: reader ? { handle: reader.handle, ...owner! } : null, ownPhotos: photos });
});

/** Writes the signed-in traveler's review of a place the Place API knows (a 404 otherwise). */
export const POST = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const id = placeIdParam(params.id);
    const input = await readJsonBody(request, MAX_REVIEW_BODY_BYTES);
    await requireVisiblePlace(id, request);
    return jsonOk({ data: await createReview(reviewDeps(), await writerOf(session!, request), id, input) }, { status: 201 });
  },
  { signedIn: true, sameOrigin: true },
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
