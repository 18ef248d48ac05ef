import type { Claim } from './store/types';

/** A claim with its place's name, as the platform's moderators and the organization read it. */
export type NamedClaim = Claim & { name: string };

export interface ClaimsQueue {
  /** The claims waiting for an answer, the longest waiting first. */
  pending: NamedClaim[];
  /** The latest answered ones, the last answered first. */
  answered: NamedClaim[];
}

/** What the member who claimed was told of the answer. */
export type ClaimantTold = 'mailed' | 'no_account' | 'mail_failed';

export const MAX_CLAIM_REASON = 200;
