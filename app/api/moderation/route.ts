import { moderationDeps, requireModerator } from '@/lib/auth/moderator';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { moderationQueue } from '@/lib/reviews/explorer/moderation';

export const dynamic = 'force-dynamic';

/** For the platform's moderators: the reported reviews, the longest waiting first, and the latest hidden ones. */
export const GET = withSession(
  async ({ session }) => {
    await requireModerator(session);
    return jsonOk({ data: await moderationQueue(moderationDeps()) }, { headers: { 'cache-control': 'private, no-store' } });
  },
  { signedIn: true },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
