import { moderationDeps, requireModerator } from '@/lib/auth/moderator';
import { withSession } from '@/lib/auth/with-session';
import { HttpError } from '@/lib/http/http-error';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { moderatorImage } from '@/lib/reviews/explorer/moderation';

export const dynamic = 'force-dynamic';

/** A photo's small size for the moderators, hidden or not (readers' `/photos/<id>/...` stop serving a hidden one). */
export const GET = withSession<{ id: string }>(
  async ({ params, session }) => {
    await requireModerator(session);
    const data = await moderatorImage(moderationDeps(), params.id);
    if (!data) throw new HttpError(404, 'not_found', 'This photo no longer exists.');
    return new Response(new Uint8Array(data), { headers: { 'content-type': 'image/jpeg', 'cache-control': 'private, no-store' } });
  },
  { signedIn: true },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
