import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { logger } from '@/lib/core/logger';
import { lookup, publish, unpublish } from '@/lib/core/registry';
import { DatabaseSetupError } from '@/lib/db/setup-error';

export type SqliteDb = Database.Database;

/** One step of a file's schema, applied once, in order; its number is its position in the list (1-based). */
export interface SqliteMigration {
  name: string;
  up(db: SqliteDb): void;
}

/** What a SQLite file holds: its numbered migrations and how its connection is set up. */
export interface SqliteSchema {
  /** Names the file in messages ("identity", "trips"). */
  name: string;
  migrations: readonly SqliteMigration[];
  /** Only the server's user may read it (password hashes, sealed secrets, places): set at every open, as the identity file always was. */
  ownerOnly?: boolean;
  foreignKeys?: boolean;
  busyTimeoutMs?: number;
}

/**
 * Applies the schema's migrations the file has not run, each in its own transaction, and records the count in
 * `PRAGMA user_version`. A file at a version this code does not know (written by a newer release) is refused
 * untouched. Files made before the migrations were numbered are at version 0: their first migrations are written
 * to find what they already hold (`IF NOT EXISTS`, checks of the schema) and add only what is missing.
 */
export function migrateSqlite(db: SqliteDb, schema: SqliteSchema, file = db.name): string[] {
  const at = db.pragma('user_version', { simple: true }) as number;
  const latest = schema.migrations.length;
  if (at > latest) {
    throw new DatabaseSetupError(
      `the ${schema.name} file ${path.basename(file)} is at migration ${at}, newer than this version of the app (latest ${latest}): ` +
        'run the newer app, or restore a matching backup',
    );
  }
  const ran: string[] = [];
  for (let i = at; i < latest; i++) {
    const migration = schema.migrations[i];
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${i + 1}`);
    })();
    ran.push(`${String(i + 1).padStart(4, '0')}_${migration.name}`);
  }
  return ran;
}

/** Opens a file with the project's settings (WAL, the schema's pragmas), migrates it and says which migrations ran. */
export function openAndMigrate(file: string, schema: SqliteSchema): { db: SqliteDb; ran: string[] } {
  const existed = fs.existsSync(file);
  const db = new Database(file);
  try {
    if (schema.ownerOnly) fs.chmodSync(file, 0o600);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma(`busy_timeout = ${schema.busyTimeoutMs ?? 5000}`);
    if (schema.foreignKeys) db.pragma('foreign_keys = ON');
    const ran = migrateSqlite(db, schema, file);
    // A new file runs them all: only an upgrade is worth a line.
    if (existed) for (const migration of ran) logger.info('database migration', { file: path.basename(file), migration });
    return { db, ran };
  } catch (err) {
    db.close();
    throw err;
  }
}

export function openSqliteFile(file: string, schema: SqliteSchema): SqliteDb {
  return openAndMigrate(file, schema).db;
}

/** One user's hold on a shared connection: `release` once when done; the last release closes it. */
export interface SqliteHandle {
  db: SqliteDb;
  release(): void;
}

interface Door {
  db: SqliteDb;
  users: number;
}

/**
 * The process's one door to a SQLite file: the first opener opens and migrates it, the stores that share the file
 * (the identity directory and the provider state; the Explorer's ended sessions and ID token hints) share the
 * connection, also across Next's bundles through the registry. The connection closes with the last release.
 */
export function openSqlite(file: string, schema: SqliteSchema): SqliteHandle {
  const key = `db.sqlite ${path.resolve(file)}`;
  let door = lookup<Door>(key);
  if (!door || !door.db.open) {
    door = { db: openSqliteFile(file, schema), users: 0 };
    publish(key, door);
  }
  const opened = door;
  opened.users++;
  let released = false;
  return {
    db: opened.db,
    release() {
      if (released) return;
      released = true;
      if (--opened.users > 0) return;
      if (lookup(key) === opened) unpublish(key);
      if (opened.db.open) opened.db.close();
    },
  };
}
