import os from 'node:os';
import type { IdentityDb } from './store';

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
  | 'invitation.accepted';

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

/**
 * Who changed which organization, membership, role, client or key, and when: appended in the same transaction as the
 * change where the change is in this store, never updated or deleted by the application. An organization's
 * administrators read its events; events of no organization (OIDC clients, signing keys) are for operators.
 */
export class AuditLog {
  constructor(private readonly db: IdentityDb) {}

  record(event: { actor: string; organizationId?: string | null; action: AuditAction; subject: string; details?: Record<string, unknown> }): void {
    this.db
      .prepare('INSERT INTO audit_events (at, actor, organization_id, action, subject, details) VALUES (?, ?, ?, ?, ?, ?)')
      .run(Date.now(), event.actor, event.organizationId ?? null, event.action, event.subject, JSON.stringify(event.details ?? {}));
  }

  /** The newest events first; `organizationId` null for the events of no organization. */
  list(organizationId: string | null, limit = 50): AuditEvent[] {
    const rows = this.db
      .prepare(
        `SELECT id, at, actor, organization_id, action, subject, details FROM audit_events
         WHERE organization_id IS ? ORDER BY id DESC LIMIT ?`,
      )
      .all(organizationId, limit) as { id: number; at: number; actor: string; organization_id: string | null; action: AuditAction; subject: string; details: string }[];
    return rows.map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      actor: r.actor,
      organizationId: r.organization_id,
      action: r.action,
      subject: r.subject,
      details: JSON.parse(r.details) as Record<string, unknown>,
    }));
  }
}
