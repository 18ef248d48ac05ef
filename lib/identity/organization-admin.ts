import type { Invitation } from './api-contract';
import { AccountError, distinctIds, LastAdministratorError, type Accounts, type InvitationTerms, type UserRow } from './directory/types';
import { sameAddress } from './email-address';
import { mailSafeName } from './mail/mail-safe-name';
import { invitationMail } from './mail/messages';
import type { Mailer } from './mail/mailer';
import { type InvitationOffer, roleWords } from './self-service/invitation-words';
import type { AccountTokens, TokenCheck, TokenRow } from './self-service/tokens';

export const INVITATION_TTL_DAYS = 7;

export type { InvitationTerms } from './directory/types';

/** An invitation not used, revoked or expired yet, as the identity API answers it (api-contract.ts). */
export type PendingInvitation = Invitation;

export class AdminRuleError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409,
  ) {
    super(message);
  }
}

const termsOf = (row: TokenRow) => JSON.parse(row.data) as InvitationTerms;

/** Why `user` may not use an invitation that is open: it went to another address, or to theirs, not yet confirmed. */
export type AcceptRefusal = 'other-address' | 'unconfirmed-address';

export type AcceptResult = TokenCheck | { ok: false; reason: AcceptRefusal };

/**
 * An invitation link, opened: what it offers; or why it cannot be used, with, for one used already, the organization
 * and the username of the account that used it while that account is a member there.
 */
export type InvitationDescription =
  | { ok: true; row: TokenRow; offer: InvitationOffer }
  | { ok: false; reason: 'unknown' | 'used' | 'expired'; organization?: string; member?: string };

/**
 * A link invitation (no e-mail) is for whoever holds it. One sent to an address is for the account whose confirmed
 * address it is (compared as sameAddress does): holding the link proves nothing else, since it can be forwarded.
 */
export function acceptRefusal(row: Pick<TokenRow, 'email'>, user: Pick<UserRow, 'email' | 'email_verified'>): AcceptRefusal | undefined {
  if (!row.email) return undefined;
  if (!sameAddress(row.email, user.email)) return 'other-address';
  return user.email_verified === 1 ? undefined : 'unconfirmed-address';
}

/**
 * What an organization's administrator changes: invitations (by e-mail or by a link to hand over), members' roles
 * and administrator flag, removals. Every change goes to the audit log with the administrator as actor, and the
 * last administrator can neither be removed nor lose the flag.
 */
export class OrganizationAdmin {
  constructor(
    private readonly accounts: Accounts,
    private readonly tokens: AccountTokens,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  roles(organizationId: string) {
    return this.accounts.roles(organizationId);
  }

  private async checkRoles(organizationId: string, roleIds: string[]) {
    const known = new Set((await this.accounts.roles(organizationId)).map((r) => r.id));
    const unknown = roleIds.find((id) => !known.has(id));
    if (unknown) throw new AdminRuleError(`no role ${unknown} in this organization`, 400);
  }

  /**
   * An invitation by e-mail is mailed and its link is never returned: only the mail's recipient holds it, and only
   * the account that proves that address accepts it (acceptRefusal). A link invitation (no e-mail) returns its `url`
   * for the administrator to hand over: whoever holds it may join.
   */
  async invite(admin: UserRow, organizationId: string, input: { email?: string; isAdministrator: boolean; roleIds: string[] }): Promise<{ id: string; url?: string; expiresAt: string }> {
    const organization = await this.accounts.findOrganization(organizationId);
    if (!organization) throw new AdminRuleError('no such organization', 404);
    await this.checkRoles(organizationId, input.roleIds);
    if (input.email) await this.checkNotYetInvited(organizationId, organization.name, input.email);
    const terms: InvitationTerms = { isAdministrator: input.isAdministrator, roleIds: input.isAdministrator ? [] : input.roleIds, invitedBy: admin.username };
    const { token, row } = this.tokens.mint('invitation', INVITATION_TTL_DAYS * 86_400_000, { organizationId, email: input.email, data: terms });
    const url = `${this.publicUrl}/identity/invitation?token=${token}`;
    await this.accounts.createInvitation({
      token: row,
      actor: admin.username,
      subject: input.email ?? 'a link',
      details: { administrator: terms.isAdministrator, roles: await this.roleNames(organizationId, terms.roleIds) },
    });
    const expiresAt = new Date(row.expires_at).toISOString();
    if (!input.email) return { id: row.hash, url, expiresAt };
    const inviter = mailSafeName(`${admin.given_name} ${admin.family_name}`);
    const as = roleWords({ isAdministrator: terms.isAdministrator, roles: await this.roleNames(organizationId, terms.roleIds) });
    await this.mailer.send(invitationMail(input.email, { organization: organization.name, inviter, as }, url, INVITATION_TTL_DAYS));
    return { id: row.hash, expiresAt };
  }

  /** An invitation by e-mail to someone already in, or already invited, would be a second way in for one person. */
  private async checkNotYetInvited(organizationId: string, organizationName: string, email: string): Promise<void> {
    if ((await this.accounts.members(organizationId)).some((m) => sameAddress(email, m.email))) {
      throw new AdminRuleError(`${email} is already a member of ${organizationName}: change their roles instead.`, 409);
    }
    if ((await this.pending(organizationId)).some((i) => sameAddress(email, i.email))) {
      throw new AdminRuleError(`An invitation to ${email} is still open: revoke it first to send a new one.`, 409);
    }
  }

  private async roleNames(organizationId: string, roleIds: string[]): Promise<string[]> {
    const names = new Map((await this.accounts.roles(organizationId)).map((r) => [r.id, r.name]));
    return roleIds.map((id) => names.get(id) ?? id);
  }

  async pending(organizationId: string): Promise<PendingInvitation[]> {
    const roles = new Map((await this.accounts.roles(organizationId)).map((r) => [r.id, r]));
    return (await this.tokens.openForOrganization('invitation', organizationId)).map((row) => {
      const terms = termsOf(row);
      return {
        id: row.hash,
        email: row.email,
        isAdministrator: terms.isAdministrator,
        // distinctIds: invitations stored before role ids were a set may name a role twice.
        roles: distinctIds(terms.roleIds).flatMap((id) => (roles.has(id) ? [roles.get(id)!] : [])),
        invitedBy: terms.invitedBy,
        createdAt: new Date(row.created_at).toISOString(),
        expiresAt: new Date(row.expires_at).toISOString(),
      };
    });
  }

  async revokeInvitation(admin: UserRow, organizationId: string, id: string): Promise<void> {
    const invitation = (await this.pending(organizationId)).find((i) => i.id === id);
    if (!invitation || !(await this.tokens.revokeByHash('invitation', id, organizationId))) throw new AdminRuleError('no such pending invitation', 404);
    await this.accounts.audit.record({ actor: admin.username, organizationId, action: 'invitation.revoked', subject: invitation.email ?? 'a link' });
  }

  /** What an invitation link offers, without using it. */
  async describeInvitation(token: string): Promise<InvitationDescription> {
    const checked = await this.tokens.check('invitation', token);
    if (checked.ok) return { ok: true, row: checked.row, offer: await this.offerOf(checked.row) };
    if (checked.reason !== 'used' || !checked.row) return { ok: false, reason: checked.reason };
    return { ok: false, reason: 'used', ...(await this.usedBy(checked.row)) };
  }

  private async offerOf(row: TokenRow): Promise<InvitationOffer> {
    const organizationId = row.organization_id ?? '';
    const terms = termsOf(row);
    const inviter = await this.accounts.findByUsername(terms.invitedBy);
    const roles = new Map((await this.accounts.roles(organizationId)).map((r) => [r.id, r.name]));
    return {
      organization: (await this.accounts.findOrganization(organizationId))?.name ?? 'an organization',
      inviter: (inviter ? `${inviter.given_name} ${inviter.family_name}`.trim() : '') || terms.invitedBy,
      isAdministrator: terms.isAdministrator,
      roles: distinctIds(terms.roleIds).flatMap((id) => (roles.has(id) ? [roles.get(id)!] : [])),
      email: row.email,
      hasAccount: row.email ? Boolean(await this.accounts.findByEmail(row.email)) : false,
    };
  }

  /**
   * The account a used invitation made a member, while it is one: the account recorded at its use, or (used before
   * that was recorded) the account of the address it was sent to, the only one that could use it.
   */
  private async usedBy(row: TokenRow): Promise<{ organization?: string; member?: string }> {
    const organization = await this.accounts.findOrganization(row.organization_id ?? '');
    if (!organization) return {};
    const user = row.user_id ? await this.accounts.findById(row.user_id) : row.email ? await this.accounts.findByEmail(row.email) : undefined;
    const member = user && (await this.accounts.members(organization.id)).some((m) => m.id === user.id);
    return { organization: organization.name, member: member ? user.username : undefined };
  }

  /**
   * Uses the invitation for `user`: they join with the invited roles (an existing membership is replaced, an
   * administrator stays one), in one transaction with the token's use. An invitation sent to an address is for the
   * account that proves it (acceptRefusal): another account is refused and the invitation stays open.
   */
  async accept(token: string, user: UserRow): Promise<AcceptResult> {
    const checked = await this.tokens.check('invitation', token);
    if (!checked.ok) return checked;
    const refused = acceptRefusal(checked.row, user);
    if (refused) return { ok: false, reason: refused };
    const used = await this.accounts.acceptInvitation(checked.row.hash, user, Date.now());
    return used ? { ok: true, row: used } : { ok: false, reason: 'used' };
  }

  private static readonly KEEP_ONE = 'an organization keeps at least one administrator: make someone else administrator first';
  private static readonly LAST_ONE = 'the last administrator cannot be removed: make someone else administrator first';

  private async administrators(organizationId: string): Promise<number> {
    return (await this.accounts.members(organizationId)).filter((m) => m.isAdministrator).length;
  }

  async changeMember(admin: UserRow, organizationId: string, userId: string, change: { isAdministrator: boolean; roleIds: string[] }): Promise<void> {
    const member = (await this.accounts.members(organizationId)).find((m) => m.id === userId);
    if (!member) throw new AdminRuleError('no such member', 404);
    await this.checkRoles(organizationId, change.roleIds);
    if (member.isAdministrator && !change.isAdministrator && (await this.administrators(organizationId)) === 1) {
      throw new AdminRuleError(OrganizationAdmin.KEEP_ONE, 409);
    }
    try {
      // The count above gives the message; the rule in the change's transaction settles a race between two admins.
      await this.accounts.setMembership(userId, organizationId, change, admin.username, { keepAnAdministrator: true });
    } catch (err) {
      if (err instanceof LastAdministratorError) throw new AdminRuleError(OrganizationAdmin.KEEP_ONE, 409);
      if (err instanceof AccountError) throw new AdminRuleError(err.message, 400);
      throw err;
    }
  }

  async removeMember(admin: UserRow, organizationId: string, userId: string): Promise<void> {
    const member = (await this.accounts.members(organizationId)).find((m) => m.id === userId);
    if (!member) throw new AdminRuleError('no such member', 404);
    if (member.isAdministrator && (await this.administrators(organizationId)) === 1) {
      throw new AdminRuleError(OrganizationAdmin.LAST_ONE, 409);
    }
    try {
      await this.accounts.removeMembership(userId, organizationId, admin.username, { keepAnAdministrator: true });
    } catch (err) {
      if (err instanceof LastAdministratorError) throw new AdminRuleError(OrganizationAdmin.LAST_ONE, 409);
      throw err;
    }
  }
}
