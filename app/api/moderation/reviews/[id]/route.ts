import { moderationDecision } from '@/lib/auth/moderator';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { moderateReview } from '@/lib/reviews/explorer/moderation';

export const dynamic = 'force-dynamic';

/** A moderator hides (with the reason its author is shown), restores, or dismisses the reports of a review. */
export const POST = moderationDecision(moderateReview);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
