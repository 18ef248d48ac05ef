import pg from 'pg';
import { inOneTransaction } from '@/lib/db/postgres/in-one-transaction';
import type { IdentityDb } from '../../store';

/** SQLite table → PostgreSQL table, in foreign-key order. */
const TABLES: [string, string][] = [
  ['users', 'identity_users'],
  ['organizations', 'identity_organizations'],
  ['roles', 'identity_roles'],
  ['memberships', 'identity_memberships'],
  ['membership_roles', 'identity_membership_roles'],
  ['audit_events', 'identity_audit_events'],
  ['account_tokens', 'identity_account_tokens'],
  ['account_totp', 'identity_account_totp'],
  ['account_recovery_codes', 'identity_account_recovery_codes'],
  ['account_passkeys', 'identity_account_passkeys'],
  ['platform_moderators', 'identity_platform_moderators'],
];

export class DirectoryCopyError extends Error {}

/** The columns stored as JSON text in SQLite and as jsonb in PostgreSQL. */
function rowForPostgres(table: string, row: Record<string, unknown>): Record<string, unknown> {
  if (table === 'audit_events') return { ...row, details: JSON.parse(row.details as string) };
  if (table === 'account_passkeys') return { ...row, transports: JSON.parse(row.transports as string) };
  return row;
}

/**
 * Copies the identity directory's rows of a SQLite file into the empty directory of a PostgreSQL database, inside
 * the caller's transaction, row for row (ids, hashes, sealed secrets and audit ids kept), and answers the count of
 * rows per table. Refuses a database whose directory already has users.
 */
export async function copyDirectoryRows(client: pg.ClientBase, source: IdentityDb): Promise<Record<string, number>> {
  const { rowCount } = await client.query('SELECT 1 FROM identity_users LIMIT 1');
  if (rowCount) throw new DirectoryCopyError('the PostgreSQL identity directory is not empty: copy into a new database');
  const counts: Record<string, number> = {};
  for (const [from, to] of TABLES) {
    const rows = (source.prepare(`SELECT * FROM ${from}`).all() as Record<string, unknown>[]).map((row) => rowForPostgres(from, row));
    // json_populate_recordset reads each row by column name into the table's types (0/1 into booleans).
    for (let i = 0; i < rows.length; i += 1000) {
      await client.query(`INSERT INTO ${to} SELECT * FROM json_populate_recordset(NULL::${to}, $1::json)`, [JSON.stringify(rows.slice(i, i + 1000))]);
    }
    counts[to] = rows.length;
  }
  await client.query(`SELECT setval(pg_get_serial_sequence('identity_audit_events', 'id'), coalesce((SELECT max(id) FROM identity_audit_events), 0) + 1, false)`);
  return counts;
}

/** The identity directory of a SQLite file copied into the empty directory of a PostgreSQL database, all or nothing. */
export function copyDirectoryToPostgres(source: IdentityDb, url: string): Promise<Record<string, number>> {
  return inOneTransaction(url, (client) => copyDirectoryRows(client, source));
}
