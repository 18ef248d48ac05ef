import type { PgCluster, Queryable } from '@/lib/db/postgres/cluster';
import type { AuditEvent } from '../../audit';
import { auditEventOf, type AuditEventRow } from '../rows';
import type { AuditLog, AuditRecord } from '../types';

/** Appends an audit event with `db`: the pool, or the client of the transaction making the change. */
export async function insertAuditEvent(db: Queryable, event: AuditRecord): Promise<void> {
  await db.query('INSERT INTO identity_audit_events (at, actor, organization_id, action, subject, details) VALUES ($1, $2, $3, $4, $5, $6::jsonb)', [
    Date.now(),
    event.actor,
    event.organizationId ?? null,
    event.action,
    event.subject,
    JSON.stringify(event.details ?? {}),
  ]);
}

export class PostgresAuditLog implements AuditLog {
  constructor(private readonly cluster: PgCluster) {}

  record(event: AuditRecord): Promise<void> {
    return insertAuditEvent(this.cluster.primary, event);
  }

  async list(organizationId: string | null, limit = 50): Promise<AuditEvent[]> {
    const { rows } = await this.cluster.primary.query<AuditEventRow>(
      `SELECT id, at, actor, organization_id, action, subject, details FROM identity_audit_events
       WHERE organization_id IS NOT DISTINCT FROM $1 ORDER BY id DESC LIMIT $2`,
      [organizationId, limit],
    );
    return rows.map(auditEventOf);
  }
}
