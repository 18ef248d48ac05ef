import { openSqlite, type SqliteHandle, type SqliteSchema } from '@/lib/db/sqlite/database';

export const EXPLORER_SESSIONS_FILE = 'explorer-sessions.sqlite';

/** The Explorer's session records file: the sessions a back-channel logout ended and the ID tokens kept for sign-out. */
export const EXPLORER_SESSIONS_SCHEMA: SqliteSchema = {
  name: 'Explorer sessions',
  busyTimeoutMs: 2000,
  migrations: [
    {
      name: 'ended_sessions_and_id_token_hints',
      up: (db) =>
        db.exec(`
          CREATE TABLE IF NOT EXISTS ended_sessions (
            kind TEXT NOT NULL CHECK (kind IN ('sid', 'sub')),
            value TEXT NOT NULL,
            ended_at INTEGER NOT NULL,
            PRIMARY KEY (kind, value)
          );
          CREATE TABLE IF NOT EXISTS id_token_hints (
            sid TEXT PRIMARY KEY,
            id_token TEXT NOT NULL,
            stored_at INTEGER NOT NULL
          );`),
    },
  ],
};

/** The process's one connection to the file, shared by both record stores. */
export function openExplorerSessionsDb(file: string): SqliteHandle {
  return openSqlite(file, EXPLORER_SESSIONS_SCHEMA);
}
