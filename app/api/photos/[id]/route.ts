import { writerOf } from '@/lib/auth/reviewer';
import { withSession } from '@/lib/auth/with-session';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { reviewDeps } from '@/lib/reviews/explorer/deps';
import { removePlacePhoto } from '@/lib/reviews/explorer/photos';

export const dynamic = 'force-dynamic';

/** Its author removes a photo. */
export const DELETE = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    await removePlacePhoto(reviewDeps(), await writerOf(session!, request), params.id);
    return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
  },
  { signedIn: true, sameOrigin: true },
);

export const { GET, POST, PUT, PATCH } = otherMethods('DELETE');
