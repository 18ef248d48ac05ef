import crypto from 'node:crypto';
import type { Member } from '../api-contract';
import type { AuditAction, AuditEvent } from '../audit';

/**
 * The identity directory: accounts, organizations, roles and memberships, the audit log, the single-use tokens of
 * e-mailed links and the second factors. One interface per aggregate, one folder per engine (sqlite/, postgres/),
 * picked once at start-up (index.ts); the rest of the identity server never knows which. Every method is a whole
 * operation, so an engine runs each in one transaction where it writes more than one row.
 */
export interface IdentityDirectory {
  readonly accounts: Accounts;
  readonly audit: AuditLog;
  readonly tokens: AccountTokenStore;
  readonly totp: TotpStore;
  readonly passkeys: PasskeyStore;
  readonly moderators: ModeratorStore;
  /**
   * Runs `fn` while holding the directory-wide lock `name`: on a shared database, instances starting together run
   * it one after the other (the demo seed: the first seeds, the next finds the seed).
   */
  exclusively<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /** For the start-up line: "SQLite <file>" or "PostgreSQL <host/db>". */
  describe(): string;
  ready(): boolean;
  close(): Promise<void>;
}

/**
 * The platform's moderators: people its operators trust with travelers' reviews and photos, whatever organizations
 * they belong to (the spec's `user` claim has no place for it, so it is read here at each request).
 */
export interface ModeratorStore {
  isModerator(userId: string): Promise<boolean>;
  /** Makes a user a moderator or not, recorded in the audit log by `actor`; false when it already was so. */
  set(userId: string, moderator: boolean, actor: string): Promise<boolean>;
  /** The moderators, by username. */
  list(): Promise<UserRow[]>;
}

export interface UserRow {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  given_name: string;
  family_name: string;
  email_verified: number;
}

export interface NewUser {
  id?: string;
  username: string;
  email: string;
  password: string;
  givenName: string;
  familyName: string;
  emailVerified?: boolean;
}

/** An organization's member as its administrators read it: the identity API's answer (api-contract.ts). */
export type { Member };

/** The `cosmos` scope's `user` claim, before it is serialized: isAdministrator appears only when true. */
export interface UserClaim {
  id: string;
  organizations: {
    isAdministrator?: true;
    organization: { id: string; name: string };
    roles: { role: { id: string; name: string } }[];
  }[];
}

export interface Organization {
  id: string;
  name: string;
}

export interface MembershipTerms {
  isAdministrator: boolean;
  roleIds: string[];
}

/** What an invitation offers, in its token's data. */
export interface InvitationTerms {
  isAdministrator: boolean;
  roleIds: string[];
  invitedBy: string;
}

export interface NewInvitation {
  token: Omit<TokenRow, 'used_at'>;
  /** The audit event `invitation.created`. */
  actor: string;
  subject: string;
  details: Record<string, unknown>;
}

/**
 * The membership an accepted invitation gives: its terms, less the roles deleted since (rather than refusing the
 * person at the door); none for someone already administrator there (they are not demoted).
 */
export function invitationMembership(terms: InvitationTerms, knownRoleIds: ReadonlySet<string>, alreadyAdministrator: boolean): MembershipTerms | null {
  if (alreadyAdministrator) return null;
  return { isAdministrator: terms.isAdministrator, roleIds: distinctIds(terms.roleIds).filter((id) => knownRoleIds.has(id)) };
}

/** Role ids are a set: each id once, in the order first given (a role named twice is held once). */
export function distinctIds(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

export class AccountError extends Error {}

/** A membership change refused because it would leave the organization without an administrator. */
export class LastAdministratorError extends AccountError {}

export interface MembershipRules {
  /**
   * Refuse (LastAdministratorError, nothing changed) a change that leaves the organization without an
   * administrator, checked in the change's own transaction: two administrators demoting each other at the same
   * moment cannot both succeed.
   */
  keepAnAdministrator?: boolean;
}

export function newId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/**
 * Users, organizations, roles and memberships. Every change to an organization is recorded in the audit log, in
 * the same transaction, with the `actor` who made it. Usernames and e-mail addresses are unique whatever their case,
 * and found whatever the case typed.
 */
export interface Accounts {
  readonly audit: AuditLog;
  isEmpty(): Promise<boolean>;
  findById(id: string): Promise<UserRow | undefined>;
  /** By username or e-mail address, case-insensitively. */
  findByLogin(login: string): Promise<UserRow | undefined>;
  findByUsername(username: string): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  /** Every user, by username. */
  listUsers(): Promise<UserRow[]>;
  /** Throws AccountError when the username or e-mail is taken. */
  createUser(input: NewUser): Promise<UserRow>;
  /** Ends every open reset and confirmation link of the account, in the same transaction. */
  setPassword(userId: string, password: string): Promise<void>;
  setName(userId: string, givenName: string, familyName: string): Promise<void>;
  /**
   * A new address starts unverified. Ends every open reset and confirmation link of the account, in the same
   * transaction: a confirmation link for the new address is issued after it.
   */
  setEmail(userId: string, email: string): Promise<void>;
  setEmailVerified(userId: string, verified: boolean): Promise<void>;
  /** Organizations where this user is the only administrator (they must hand over before leaving). */
  soleAdministratorOf(userId: string): Promise<Organization[]>;
  /** Deletes the user; memberships, roles held, second factors and open links go with it. */
  deleteUser(userId: string): Promise<boolean>;

  createOrganization(name: string, id?: string, actor?: string): Promise<string>;
  findOrganization(id: string): Promise<Organization | undefined>;
  /** Every organization, by name. */
  listOrganizations(): Promise<Organization[]>;
  createRole(organizationId: string, name: string, id?: string, actor?: string): Promise<string>;
  roles(organizationId: string): Promise<{ id: string; name: string }[]>;
  /** Adds or replaces a membership: an administrator has no roles, a member has the given roles. */
  setMembership(userId: string, organizationId: string, membership: MembershipTerms, actor?: string, rules?: MembershipRules): Promise<void>;
  removeMembership(userId: string, organizationId: string, actor?: string, rules?: MembershipRules): Promise<boolean>;
  isAdministrator(userId: string, organizationId: string): Promise<boolean>;
  /** Stores an invitation's token and records `invitation.created`, in one transaction. */
  createInvitation(invitation: NewInvitation): Promise<void>;
  /**
   * Uses an open invitation once and, in the same transaction, makes the user a member on its terms
   * (invitationMembership) and records `invitation.accepted`. Undefined when the invitation is not open (used,
   * revoked, expired, unknown): of two concurrent acceptances one wins.
   */
  acceptInvitation(hash: string, user: { id: string; username: string }, now: number): Promise<TokenRow | undefined>;
  userClaim(userId: string): Promise<UserClaim>;
  members(organizationId: string): Promise<Member[]>;
}

/** Claims of a user by OIDC claim name; the provider picks those of the granted scopes. */
export async function accountClaims(accounts: Pick<Accounts, 'userClaim'>, user: UserRow): Promise<Record<string, unknown>> {
  return {
    sub: user.id,
    email: user.email,
    email_verified: user.email_verified === 1,
    given_name: user.given_name,
    family_name: user.family_name,
    name: `${user.given_name} ${user.family_name}`.trim(),
    user: JSON.stringify(await accounts.userClaim(user.id)),
  };
}

export interface AuditRecord {
  actor: string;
  organizationId?: string | null;
  action: AuditAction;
  subject: string;
  details?: Record<string, unknown>;
}

/**
 * Who changed which organization, membership, role, client or key, and when: appended (in the same transaction as
 * the change where the change is in this directory), never updated or deleted by the application. An
 * organization's administrators read its events; events of no organization (OIDC clients, signing keys) are for
 * operators.
 */
export interface AuditLog {
  record(event: AuditRecord): Promise<void>;
  /** The newest events first; `organizationId` null for the events of no organization. */
  list(organizationId: string | null, limit?: number): Promise<AuditEvent[]>;
}

export type TokenKind = 'verify-email' | 'reset-password' | 'invitation';

export interface TokenRow {
  hash: string;
  kind: TokenKind;
  user_id: string | null;
  organization_id: string | null;
  email: string | null;
  data: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** The stored side of the tokens in e-mailed links (self-service/tokens.ts has the rules); times in epoch ms. */
export interface AccountTokenStore {
  insert(row: Omit<TokenRow, 'used_at'>): Promise<void>;
  find(kind: TokenKind, hash: string): Promise<TokenRow | undefined>;
  /** Marks an unused, unexpired token used and answers it; of concurrent uses exactly one gets the row. */
  use(kind: TokenKind, hash: string, now: number): Promise<TokenRow | undefined>;
  /** Ends every open token of a kind for a user. */
  revokeForUser(kind: TokenKind, userId: string, now: number): Promise<void>;
  /** Open (unused, unexpired) tokens of a kind for an organization, newest first. */
  openForOrganization(kind: TokenKind, organizationId: string, now: number): Promise<TokenRow[]>;
  revokeByHash(kind: TokenKind, hash: string, organizationId: string, now: number): Promise<boolean>;
  /** Drops tokens expired or used before `before`. */
  prune(before: number): Promise<void>;
}

export interface TotpRecord {
  /** Sealed with SECRETS_ENCRYPTION_KEYS. */
  secret: string;
  confirmed: boolean;
  lastStep: number;
}

/** The stored side of the TOTP factor (second-factor/totp.ts has the rules). */
export interface TotpStore {
  get(userId: string): Promise<TotpRecord | undefined>;
  /** Starts (or restarts) enrollment with a new sealed secret, unconfirmed. */
  start(userId: string, sealedSecret: string): Promise<void>;
  /** Records a time step as used when it is later than the last one used; false when it is not (a replay). */
  useStep(userId: string, step: number): Promise<boolean>;
  /** Confirms enrollment and replaces the recovery codes (their hashes), in one transaction. */
  confirm(userId: string, recoveryCodeHashes: string[], now: number): Promise<void>;
  /** Uses an unused recovery code once. */
  useRecoveryCode(userId: string, hash: string, now: number): Promise<boolean>;
  remainingRecoveryCodes(userId: string): Promise<number>;
  /** Removes the secret and the recovery codes. */
  remove(userId: string): Promise<void>;
}

export interface PasskeyRecord {
  id: string;
  userId: string;
  /** base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** The stored side of passkeys (second-factor/passkeys.ts has the WebAuthn ceremonies). */
export interface PasskeyStore {
  /** A user's passkeys, oldest first. */
  list(userId: string): Promise<PasskeyRecord[]>;
  add(record: Omit<PasskeyRecord, 'lastUsedAt'>): Promise<void>;
  find(id: string): Promise<PasskeyRecord | undefined>;
  used(id: string, counter: number, now: number): Promise<void>;
  remove(userId: string, id: string): Promise<boolean>;
}

export interface AccountSession {
  /** The session's `sid` (its uid), as in the ID tokens of the apps signed in through it. */
  id: string;
  signedInAt: string;
  clients: string[];
  /** The browser it signed in from, in words ("Chrome on Linux"); null when unknown. */
  device: string | null;
  current: boolean;
}

/**
 * An account's sign-in sessions at the identity server. They are the provider's own models (sessions, grants,
 * tokens), so this store lives with the provider's adapter, not with the directory: its engine follows theirs.
 */
export interface AccountSessions {
  /** Newest first; `currentSid` marks the caller's. */
  list(accountId: string, currentSid?: string): Promise<AccountSession[]>;
  /** The session an app signed in through: the one whose authorizations hold the token's grant. */
  sidOfGrant(accountId: string, grantId: string | undefined): Promise<string | undefined>;
  /**
   * Signs the account out of every session but `currentSid`'s: those sessions go, with every grant they made and
   * every token of those grants (and any grant of no remaining session, such as a password grant's).
   */
  endOthers(accountId: string, currentSid: string | undefined): Promise<number>;
  /**
   * Ends everything the provider holds for an account (after a password change, reset or deletion): every session,
   * grant and token, but the session `keepSessionId` when given.
   */
  endAll(accountId: string, keepSessionId?: string): Promise<number>;
}
