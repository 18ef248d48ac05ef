import { moderationDeps, requireModerator } from '@/lib/auth/moderator';
import { handleOf } from '@/lib/auth/reviewer';
import { withSession } from '@/lib/auth/with-session';
import { jsonOk } from '@/lib/http/json-response';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { readJsonBody } from '@/lib/http/read-json';
import { moderateReview } from '@/lib/reviews/explorer/moderation';

export const dynamic = 'force-dynamic';

/** A moderator hides (with the reason its author is shown), restores, or dismisses the reports of a review. */
export const POST = withSession<{ id: string }>(
  async ({ request, params, session }) => {
    await requireModerator(session);
    const body = await readJsonBody(request, 4 * 1024);
    const by = (await handleOf(session!)) ?? session!.userId;
    return jsonOk({ data: await moderateReview(moderationDeps(), by, params.id, body) });
  },
  { signedIn: true, sameOrigin: true },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
