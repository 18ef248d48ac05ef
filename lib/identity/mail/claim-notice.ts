import type { Claim } from '@/lib/owners/store/types';
import type { Accounts } from '../directory/types';
import type { Mailer } from './mailer';
import { claimAnsweredMail } from './messages';

/**
 * Mails the member who claimed a place the moderators' answer, with a link to the place (not its name: a place's
 * name is the dataset's or an owner's text). `no_account` when they deleted their account.
 */
export async function tellClaimant(accounts: Pick<Accounts, 'findById'>, mailer: Mailer, publicUrl: string, claim: Claim): Promise<'mailed' | 'no_account'> {
  const member = await accounts.findById(claim.requestedById);
  if (!member) return 'no_account';
  await mailer.send(claimAnsweredMail(member.email, `${publicUrl}/?place=${claim.placeId}`, { organization: claim.organizationName, approved: claim.status === 'approved', reason: claim.reason }));
  return 'mailed';
}
