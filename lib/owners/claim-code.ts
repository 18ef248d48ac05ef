import crypto from 'node:crypto';
import { HttpError } from '@/lib/http/http-error';
import type { LimitRule } from '@/lib/limits';
import { claimCodeTyped } from './claim-code-shape';
import { claimPlace, decideClaim, type OwnerDeps, requireKeeper, requirePlace, spend } from './service';
import type { OrganizationMember } from './roles';
import type { Claim } from './store/types';

/** How long a mailed code holds, and how many codes may be typed for it. */
export const CODE_MINUTES = 30;
export const MAX_CODE_ATTEMPTS = 5;
/** Codes mailed to one place a day: its inbox is not a channel for anyone's mail. */
export const CODES_PER_PLACE: LimitRule = { name: 'claim-codes-place', points: 3, durationSec: 86_400 };

export interface ClaimCodeDeps extends OwnerDeps {
  /** Mails the code to the place's address, naming the organization that asks; throws when the mail fails. */
  mailCode: (to: string, code: string, organizationName: string, minutes: number) => Promise<void>;
}

const codeHash = (claimId: string, code: string) => crypto.createHash('sha256').update(`${claimId}:${code}`).digest('hex');

async function pendingClaimOf(deps: OwnerDeps, member: OrganizationMember, placeId: number): Promise<Claim | null> {
  return (await deps.store.claims({ placeId, organizationId: member.organizationId, status: 'pending' }))[0] ?? null;
}

/**
 * Proves a claim by the place's own mailbox: mails a six-digit code to the address the place gives (its listing's
 * e-mail), claiming the place first when the organization has not. A new code replaces the one before.
 */
export async function sendClaimCode(deps: ClaimCodeDeps, member: OrganizationMember, placeId: number): Promise<{ claim: Claim; sentTo: string; minutes: number }> {
  requireKeeper(member);
  const place = await requirePlace(deps, placeId);
  const sentTo = place.contact_info?.email?.trim();
  if (!sentTo) throw new HttpError(409, 'no_place_email', 'This place gives no e-mail address to send a code to: claim it for the moderators to answer instead.');
  const owner = await deps.store.ownership(place.id);
  if (owner) throw new HttpError(409, 'already_owned', `${owner.organizationName} keeps this place already.`);
  await spend(deps.limits, CODES_PER_PLACE, String(place.id), 'This place has been sent the most codes a day: try again tomorrow, or wait for the moderators.');
  const claim = (await pendingClaimOf(deps, member, place.id)) ?? (await claimPlace(deps, member, place.id));
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(deps.now().getTime() + CODE_MINUTES * 60_000).toISOString();
  await deps.store.setClaimCode({ claimId: claim.id, hash: codeHash(claim.id, code), sentTo, expiresAt });
  try {
    await deps.mailCode(sentTo, code, member.organizationName, CODE_MINUTES);
  } catch {
    throw new HttpError(502, 'mail_failed', 'The code could not be sent: try again later. Your claim waits for the moderators meanwhile.');
  }
  return { claim, sentTo, minutes: CODE_MINUTES };
}

/**
 * The code typed by a keeper of the organization that claimed: the right one within its time approves the claim (as
 * a moderator would); every code typed counts, and after MAX_CODE_ATTEMPTS only a new code helps.
 */
export async function confirmClaimCode(deps: OwnerDeps, member: OrganizationMember, placeId: number, body: unknown): Promise<Claim> {
  requireKeeper(member);
  const place = await requirePlace(deps, placeId);
  const code = claimCodeTyped((body as { code?: unknown } | null)?.code);
  if (!code) throw new HttpError(400, 'invalid_parameter', 'code: the code is the six digits of the e-mail', { parameter: 'code' });
  const claim = await pendingClaimOf(deps, member, place.id);
  const sent = claim && (await deps.store.claimCode(claim.id));
  if (!claim || !sent) throw new HttpError(409, 'no_code', `No code was sent for a claim of ${member.organizationName} on this place: send one first.`);
  if (sent.expiresAt <= deps.now().toISOString()) throw new HttpError(410, 'code_expired', 'This code has expired: send a new one.');
  const attempts = await deps.store.countCodeAttempt(claim.id);
  if (attempts > MAX_CODE_ATTEMPTS) throw new HttpError(429, 'too_many_attempts', 'Too many codes were typed for this one: send a new code.');
  const right = crypto.timingSafeEqual(Buffer.from(codeHash(claim.id, code), 'hex'), Buffer.from(sent.hash, 'hex'));
  if (!right) {
    const left = MAX_CODE_ATTEMPTS - attempts;
    throw new HttpError(400, 'wrong_code', left > 0 ? `This is not the code: ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'This is not the code: send a new one.', { parameter: 'code' });
  }
  return decideClaim(deps, claim.id, { approve: true, by: `a code mailed to ${sent.sentTo}` });
}
