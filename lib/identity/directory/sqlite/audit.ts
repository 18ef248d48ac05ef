import type { AuditEvent } from '../../audit';
import { auditEventOf, type AuditEventRow } from '../rows';
import type { IdentityDb } from '../../store';
import type { AuditLog, AuditRecord } from '../types';

/** The audit log in the identity SQLite file; `recordNow` is for the directory's own transactions. */
export class SqliteAuditLog implements AuditLog {
  constructor(private readonly db: IdentityDb) {}

  recordNow(event: AuditRecord): void {
    this.db
      .prepare('INSERT INTO audit_events (at, actor, organization_id, action, subject, details) VALUES (?, ?, ?, ?, ?, ?)')
      .run(Date.now(), event.actor, event.organizationId ?? null, event.action, event.subject, JSON.stringify(event.details ?? {}));
  }

  async record(event: AuditRecord): Promise<void> {
    this.recordNow(event);
  }

  async list(organizationId: string | null, limit = 50): Promise<AuditEvent[]> {
    const rows = this.db
      .prepare(
        `SELECT id, at, actor, organization_id, action, subject, details FROM audit_events
         WHERE organization_id IS ? ORDER BY id DESC LIMIT ?`,
      )
      .all(organizationId, limit) as (Omit<AuditEventRow, 'details'> & { details: string })[];
    return rows.map((r) => auditEventOf({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
  }
}
