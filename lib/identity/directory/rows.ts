import type { AuditAction, AuditEvent } from '../audit';
import type { PasskeyRecord } from './types';

/**
 * The directory's rows as both engines read them, once each engine has decoded its JSON columns (PostgreSQL's jsonb
 * arrives parsed, SQLite's text does not).
 */
export interface AuditEventRow {
  id: number;
  at: number;
  actor: string;
  organization_id: string | null;
  action: AuditAction;
  subject: string;
  details: Record<string, unknown>;
}

export const auditEventOf = (row: AuditEventRow): AuditEvent => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  actor: row.actor,
  organizationId: row.organization_id,
  action: row.action,
  subject: row.subject,
  details: row.details,
});

export interface PasskeyRow {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  transports: string[];
  name: string;
  created_at: number;
  last_used_at: number | null;
}

export const passkeyOf = (row: PasskeyRow): PasskeyRecord => ({
  id: row.id,
  userId: row.user_id,
  publicKey: row.public_key,
  counter: row.counter,
  transports: row.transports,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});
