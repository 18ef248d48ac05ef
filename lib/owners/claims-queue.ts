import { z } from 'zod';
import type { PlaceRecords } from '@/lib/places/place-records';
import { plainText } from '@/lib/reviews/review-input';
import { invalidBody } from '@/lib/reviews/write-review';
import { type ClaimantTold, type ClaimsQueue, MAX_CLAIM_REASON, type NamedClaim } from './claims-view';
import { placeNames } from './place-names';
import { decideClaim, type OwnerDeps } from './service';
import type { Claim } from './store/types';

/** How many answered claims the moderators' page shows. */
export const ANSWERED_SHOWN = 20;

export async function withPlaceNames(places: Pick<PlaceRecords, 'record'>, claims: Claim[]): Promise<NamedClaim[]> {
  const names = await placeNames(places, claims.map((c) => c.placeId));
  return claims.map((c) => ({ ...c, name: names.get(c.placeId)! }));
}

export async function claimsQueue(deps: Pick<OwnerDeps, 'store' | 'places'>): Promise<ClaimsQueue> {
  const [pending, answered] = await Promise.all([deps.store.claims({ status: 'pending' }), deps.store.answeredClaims(ANSWERED_SHOWN)]);
  return { pending: await withPlaceNames(deps.places, pending.reverse()), answered: await withPlaceNames(deps.places, answered) };
}

export const claimAnswerInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('approve') }).strict(),
    z.object({ action: z.literal('refuse'), reason: plainText('a reason', MAX_CLAIM_REASON) }).strict(),
  ],
  { error: 'an action is approve, or refuse with a reason' },
);

/**
 * A platform moderator's answer to a claim (`{ action: 'approve' }` or `{ action: 'refuse', reason }`), by their
 * handle; `tell` lets the organization's member who asked know, and says whether it could.
 */
export async function answerClaim(
  deps: Pick<OwnerDeps, 'store' | 'places' | 'now'> & { tell: (claim: Claim) => Promise<'mailed' | 'no_account'> },
  by: string,
  claimId: string,
  body: unknown,
): Promise<{ claim: NamedClaim; told: ClaimantTold }> {
  const parsed = claimAnswerInput.safeParse(body);
  if (!parsed.success) throw invalidBody(parsed.error.issues, 'action');
  const answer = parsed.data;
  const claim = await decideClaim(deps, claimId, { approve: answer.action === 'approve', by, reason: answer.action === 'refuse' ? answer.reason : null });
  // The answer stands whether or not the mail goes: the organization reads it on its list of places too.
  const told: ClaimantTold = await deps.tell(claim).catch(() => 'mail_failed' as const);
  return { claim: (await withPlaceNames(deps.places, [claim]))[0], told };
}

/** The claims for the moderators' page, or null while the owner store cannot be read: reviews are moderated meanwhile. */
export async function claimsOrNone(deps: () => Pick<OwnerDeps, 'store' | 'places'>): Promise<ClaimsQueue | null> {
  try {
    return await claimsQueue(deps());
  } catch {
    return null;
  }
}
