import { claimAnswerDeps, moderatorAction } from '@/lib/auth/moderator';
import { otherMethods } from '@/lib/http/method-not-allowed';
import { answerClaim } from '@/lib/owners/claims-queue';

export const dynamic = 'force-dynamic';

/** A moderator approves an organization's claim on a place, or refuses it with the reason the organization is shown. */
export const POST = moderatorAction((by, id, body) => answerClaim(claimAnswerDeps(), by, id, body));

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
