import type Database from 'better-sqlite3';
import type pg from 'pg';

export class OwnersCopyError extends Error {}

/** SQLite table → its JSON columns (stored as text there, jsonb in PostgreSQL). */
const TABLES: [string, string[]][] = [
  ['place_claims', []],
  ['claim_codes', []],
  ['place_owners', ['listing']],
  ['listing_edits', ['before', 'after']],
  ['import_differences', ['fields']],
];

/**
 * Copies the owner store of `owners.sqlite` (claims and their codes, owners with the fields they set, every listing edit, what the latest import would have changed) into the
 * empty tables of migrations 0022, 0025 and 0026, inside the caller's transaction. Edits keep their ids: an undo names the edit it
 * undid.
 */
export async function copyOwners(client: pg.ClientBase, source: Database.Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [table, jsonColumns] of TABLES) {
    if ((await client.query(`SELECT 1 FROM ${table} LIMIT 1`)).rowCount) throw new OwnersCopyError(`the PostgreSQL store already has ${table}: copy into a new database`);
    // A file from before a table's migration (opened read-only, not migrated) has none of its rows.
    const exists = source.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(table);
    const rows = (exists ? (source.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[]) : []).map((row) => {
      for (const column of jsonColumns) row[column] = JSON.parse(row[column] as string) as unknown;
      return row;
    });
    if (rows.length) await client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`, [JSON.stringify(rows)]);
    counts[table] = rows.length;
  }
  await client.query(`SELECT setval(pg_get_serial_sequence('listing_edits', 'id'), coalesce((SELECT max(id) FROM listing_edits), 0) + 1, false)`);
  return counts;
}
