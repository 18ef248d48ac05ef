import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SQLITE_FILES } from '@/lib/app/sqlite-files';
import { API_CLIENTS_SCHEMA } from '@/lib/places/auth/client-store';
import { migrateSqlite, openAndMigrate, openSqlite, type SqliteSchema } from '@/lib/db/sqlite/database';
import { DatabaseSetupError } from '@/lib/db/setup-error';
import { tempDataDir } from '../support/temp-dirs';

const tempFile = (name: string) => path.join(tempDataDir('sqlite-migrations'), name);

const schema: SqliteSchema = {
  name: 'notes',
  migrations: [
    { name: 'notes', up: (db) => db.exec('CREATE TABLE IF NOT EXISTS notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)') },
    { name: 'notes_author', up: (db) => db.exec("ALTER TABLE notes ADD COLUMN author TEXT NOT NULL DEFAULT ''") },
  ],
};

describe('numbered SQLite migrations', () => {
  it('run in order on a new file and record their count in user_version', () => {
    const { db, ran } = openAndMigrate(tempFile('notes.sqlite'), schema);
    expect(ran).toEqual(['0001_notes', '0002_notes_author']);
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    expect(migrateSqlite(db, schema)).toEqual([]);
    db.close();
  });

  it('run only what a file has not run, keeping its rows', () => {
    const file = tempFile('notes.sqlite');
    const first = openAndMigrate(file, { ...schema, migrations: schema.migrations.slice(0, 1) });
    first.db.prepare('INSERT INTO notes (text) VALUES (?)').run('kept');
    first.db.close();
    const { db, ran } = openAndMigrate(file, schema);
    expect(ran).toEqual(['0002_notes_author']);
    expect(db.prepare('SELECT text, author FROM notes').all()).toEqual([{ text: 'kept', author: '' }]);
    db.close();
  });

  it('leave a file as it was when a migration fails, and say so', () => {
    const file = tempFile('notes.sqlite');
    const broken: SqliteSchema = {
      ...schema,
      migrations: [schema.migrations[0], { name: 'half_done', up: (db) => db.exec('CREATE TABLE extra (id INTEGER); SELECT * FROM no_such_table') }],
    };
    expect(() => openAndMigrate(file, broken)).toThrow(/no_such_table/);
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'extra'").get()).toBeUndefined();
    db.close();
  });

  it('refuse a file written by a newer version of the app, untouched', () => {
    const file = tempFile('notes.sqlite');
    const newer = new Database(file);
    newer.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL, author TEXT, mood TEXT)');
    newer.pragma('user_version = 3');
    newer.close();
    expect(() => openAndMigrate(file, schema)).toThrow(DatabaseSetupError);
    expect(() => openAndMigrate(file, schema)).toThrow('the notes file notes.sqlite is at migration 3, newer than this version of the app (latest 2)');
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    db.close();
  });

  it('bring a Place API clients file made before the numbering (version 0, no previous key) up to date', () => {
    const file = tempFile('places-clients.sqlite');
    const old = new Database(file);
    old.exec(`CREATE TABLE api_clients (client_id TEXT PRIMARY KEY, secret_key TEXT NOT NULL, name TEXT NOT NULL, organization_id TEXT,
      disabled INTEGER NOT NULL DEFAULT 0, config TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`);
    old.prepare("INSERT INTO api_clients VALUES ('c1', 'sealed', 'Old client', NULL, 0, '{}', 't', 't')").run();
    old.close();
    const { db, ran } = openAndMigrate(file, API_CLIENTS_SCHEMA);
    expect(ran).toEqual(['0001_api_clients', '0002_previous_secret_key']);
    expect(db.prepare('SELECT client_id, previous_secret_key, previous_expires_at FROM api_clients').all()).toEqual([
      { client_id: 'c1', previous_secret_key: null, previous_expires_at: null },
    ]);
    db.close();
  });

  it('keep an owner-only file readable by its owner only, at every open', () => {
    const file = tempFile('secrets.sqlite');
    openAndMigrate(file, { ...schema, ownerOnly: true }).db.close();
    fs.chmodSync(file, 0o644);
    openAndMigrate(file, { ...schema, ownerOnly: true }).db.close();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('create every file of the data directory with its latest schema', () => {
    const dir = tempDataDir('sqlite-files');
    for (const { file, schema: fileSchema } of SQLITE_FILES) {
      const { db, ran } = openAndMigrate(path.join(dir, file), fileSchema);
      expect(ran).toHaveLength(fileSchema.migrations.length);
      expect(db.pragma('user_version', { simple: true })).toBe(fileSchema.migrations.length);
      db.close();
    }
  });
});

describe('the process\'s one door to a SQLite file', () => {
  it('hands every opener the same connection and closes it with the last release', () => {
    const file = tempFile('shared.sqlite');
    const a = openSqlite(file, schema);
    const b = openSqlite(file, schema);
    expect(b.db).toBe(a.db);
    a.release();
    a.release();
    expect(b.db.open).toBe(true);
    b.release();
    expect(a.db.open).toBe(false);
    const c = openSqlite(file, schema);
    expect(c.db).not.toBe(a.db);
    expect(c.db.open).toBe(true);
    c.release();
  });
});
