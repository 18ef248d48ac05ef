import os from 'node:os';

export type AuditAction =
  | 'organization.created'
  | 'role.created'
  | 'membership.added'
  | 'membership.changed'
  | 'membership.removed'
  | 'client.created'
  | 'client.removed'
  | 'signing_key.rotated'
  | 'places_client.created'
  | 'places_client.rotated'
  | 'places_client.disabled'
  | 'places_client.enabled'
  | 'places_client.configured'
  | 'account.created'
  | 'account.email_verified'
  | 'account.password_reset'
  | 'account.password_changed'
  | 'account.profile_changed'
  | 'account.email_changed'
  | 'account.sessions_ended'
  | 'account.deleted'
  | 'account.totp_enabled'
  | 'account.totp_disabled'
  | 'account.passkey_added'
  | 'account.passkey_removed'
  | 'invitation.created'
  | 'invitation.revoked'
  | 'invitation.accepted'
  | 'moderator.granted'
  | 'moderator.revoked';

export interface AuditEvent {
  id: number;
  /** ISO 8601. */
  at: string;
  /** Who made the change: a user's name, "command line (<OS user>)" or "demo seed". */
  actor: string;
  organizationId: string | null;
  action: AuditAction;
  /** What changed, as a person reads it: a user name, a role, a client id. */
  subject: string;
  details: Record<string, unknown>;
}

export const DEMO_SEED_ACTOR = 'demo seed';

/** The actor for changes made with `npm run identity` or `npm run places:clients`. */
export function commandLineActor(): string {
  let user = 'unknown user';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (some containers): the change is still recorded.
  }
  return `command line (${user})`;
}
