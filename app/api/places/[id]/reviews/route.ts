import { withSession } from '@/lib/auth/with-session';
import { handleOf, writerOf } from '@/lib/auth/reviewer';
import { placeVisibleTo } from '@/lib/places-client/place-visible';
import { HttpError, jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json';
import { placesGet } from '@/lib/places-client/client';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { reviewDeps } from '@/lib/reviews/explorer/deps';
import { MAX_REVIEW_BODY_BYTES } from '@/lib/reviews/review-input';
import { createReview, placeReviews } from '@/lib/reviews/explorer/service';

export const dynamic = 'force-dynamic';

function placeId(id: string): number {
  if (!/^[1-9]\d{0,14}$/.test(id)) throw new HttpError(400, 'invalid_parameter', 'id: a place id is a positive integer', { parameter: 'id' });
  return Number(id);
}

/** Travelers' reviews of a place, the reader's own marked (and shown to them when hidden), and who reads (null: a visitor). */
export const GET = withSession<{ id: string }>(async ({ request, params, session }) => {
  const id = placeId(params.id);
  // A place outside the caller's account is answered as the Place API answers it: no such place.
  if (!(await placeVisibleTo(await resolvePlacesCredentials({ headers: request.headers }))(id))) throw new HttpError(404, 'not_found', `No place with id ${id}.`);
  const handle = session ? await handleOf(session) : null;
  return jsonOk({ data: await placeReviews(reviewDeps(), id, handle ? session!.userId : null), viewer: handle ? { handle } : null });
});

/** Writes the signed-in traveler's review of a place the Place API knows (a 404 otherwise). */
export const POST = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const id = placeId(params.id);
    const input = await readJsonBody(request, MAX_REVIEW_BODY_BYTES);
    const credentials = await resolvePlacesCredentials({ headers: request.headers });
    await placesGet(`canonical_places/${id}`, credentials);
    return jsonOk({ data: await createReview(reviewDeps(), await writerOf(session!, request), id, input) }, { status: 201 });
  },
  { signedIn: true, sameOrigin: true },
);

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
