import { withSession } from '@/lib/auth/with-session';
import { writerOf } from '@/lib/auth/reviewer';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json';
import { reviewDeps } from '@/lib/reviews/explorer/deps';
import { MAX_REVIEW_BODY_BYTES } from '@/lib/reviews/review-input';
import { removeReview, updateReview } from '@/lib/reviews/explorer/service';

export const dynamic = 'force-dynamic';

/** The author edits their review at the version they read: `{ version, rating, text, visitedOn, rv? }`. */
export const PATCH = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    const body = await readJsonBody(request, MAX_REVIEW_BODY_BYTES);
    return jsonOk({ data: await updateReview(reviewDeps(), await writerOf(session!, request), params.id, body) });
  },
  { signedIn: true, sameOrigin: true },
);

export const DELETE = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    await removeReview(reviewDeps(), await writerOf(session!, request), params.id);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  },
  { signedIn: true, sameOrigin: true },
);

export const { GET, POST, PUT } = otherMethods('PATCH', 'DELETE');
