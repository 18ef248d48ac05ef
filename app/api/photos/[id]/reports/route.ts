import { withSession } from '@/lib/auth/with-session';
import { writerOf } from '@/lib/auth/reviewer';
import { placeVisibleTo } from '@/lib/places-client/place-visible';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json';
import { reviewDeps } from '@/lib/reviews/explorer/deps';
import { MAX_REVIEW_BODY_BYTES } from '@/lib/reviews/review-input';
import { reportPlacePhoto } from '@/lib/reviews/explorer/photos';

export const dynamic = 'force-dynamic';

/** A signed-in reader reports a photo someone else added to the moderators: `{ reason, note? }`. */
export const POST = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const body = await readJsonBody(request, MAX_REVIEW_BODY_BYTES);
    await reportPlacePhoto(reviewDeps({ placeVisible: placeVisibleTo(await resolvePlacesCredentials({ headers: request.headers })) }), await writerOf(session!, request), params.id, body);
    return jsonOk({ data: { reported: true } }, { status: 201 });
  },
  { signedIn: true, sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
