import type Database from 'better-sqlite3';
import type pg from 'pg';

export class ApiClientsCopyError extends Error {}

/**
 * Copies the Place API clients of `places-clients.sqlite` into an empty `places_api_clients` table, inside the
 * caller's transaction: ids, names, organizations, budgets, the disabled flag and both keys (sealed as they are:
 * the same SECRETS_ENCRYPTION_KEYS opens them), so every API consumer keeps signing with the key it has.
 */
export async function copyApiClients(client: pg.ClientBase, source: Database.Database): Promise<Record<string, number>> {
  const { rowCount } = await client.query('SELECT 1 FROM places_api_clients LIMIT 1');
  if (rowCount) throw new ApiClientsCopyError('the PostgreSQL store already has Place API clients: copy into a new database');
  const rows = (source.prepare('SELECT * FROM api_clients').all() as Record<string, unknown>[]).map((row) => ({
    ...row,
    disabled: row.disabled === 1,
    config: JSON.parse(row.config as string) as unknown,
  }));
  if (rows.length) {
    await client.query('INSERT INTO places_api_clients SELECT * FROM json_populate_recordset(NULL::places_api_clients, $1::json)', [JSON.stringify(rows)]);
  }
  return { places_api_clients: rows.length };
}
