/** What an invitation offers, as its page says it. */
export interface InvitationOffer {
  organization: string;
  /** The inviting administrator's name (their username when they gave none). */
  inviter: string;
  isAdministrator: boolean;
  /** The names of the roles it gives. */
  roles: string[];
  /** The address it was sent to; null for a link to hand over. */
  email: string | null;
  /** Whether an account uses that address already (false for a link). */
  hasAccount: boolean;
}

function list(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "an administrator", "Service Advisor", "Sales Associate and Service Advisor", or "a member" without a role. */
export function roleWords(offer: Pick<InvitationOffer, 'isAdministrator' | 'roles'>): string {
  if (offer.isAdministrator) return 'an administrator';
  return offer.roles.length ? list(offer.roles) : 'a member';
}

/** "Ada Admin invited you to join Summit RV Dealers Group as Service Advisor." */
export function invitationSentence(offer: Pick<InvitationOffer, 'inviter' | 'organization' | 'isAdministrator' | 'roles'>): string {
  return `${offer.inviter} invited you to join ${offer.organization} as ${roleWords(offer)}.`;
}
