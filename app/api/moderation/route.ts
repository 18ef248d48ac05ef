import { moderationDeps, requireModerator } from '@/lib/auth/moderator';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { claimsOrNone } from '@/lib/owners/claims-queue';
import { ownerDeps } from '@/lib/owners/store-registry';
import { moderationQueue } from '@/lib/reviews/explorer/moderation';

export const dynamic = 'force-dynamic';

/**
 * For the platform's moderators: the reported reviews and photos, the longest waiting first, and the latest hidden
 * ones; the organizations' claims on places waiting for an answer, and the latest answered (`claims`).
 */
export const GET = withSession(
  async ({ session }) => {
    await requireModerator(session);
    const [queue, claims] = await Promise.all([moderationQueue(moderationDeps()), claimsOrNone(ownerDeps)]);
    return jsonOk({ data: { ...queue, claims } }, { headers: { 'cache-control': 'private, no-store' } });
  },
  { signedIn: true },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
