import 'server-only';
import { lookupOrOpen } from '@/lib/server/registry';
import { explorerSessionsFile } from './sessions-file';
import Database from 'better-sqlite3';

/** A session lasts 12 hours; a hint older than a day belongs to no live session. */
const KEEP_SECONDS = 24 * 60 * 60;

/**
 * The ID token of each signed-in session, kept on the server by `sid` for one use: the `id_token_hint` of the
 * sign-out. In the session cookie it would more than double its size (about 1.3 KB).
 */
export interface IdTokenHints {
  remember(sid: string, idToken: string): void;
  /** The session's ID token, forgotten as it is handed out. */
  take(sid: string): string | undefined;
  close(): void;
}

const now = () => Math.floor(Date.now() / 1000);

export function openIdTokenHints(file: string): IdTokenHints {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 2000');
  db.exec(`CREATE TABLE IF NOT EXISTS id_token_hints (
    sid TEXT PRIMARY KEY,
    id_token TEXT NOT NULL,
    stored_at INTEGER NOT NULL
  )`);
  const upsert = db.prepare(
    'INSERT INTO id_token_hints (sid, id_token, stored_at) VALUES (?, ?, ?) ON CONFLICT (sid) DO UPDATE SET id_token = excluded.id_token, stored_at = excluded.stored_at',
  );
  const prune = db.prepare('DELETE FROM id_token_hints WHERE stored_at < ?');
  const read = db.prepare<[string, number], { id_token: string }>('SELECT id_token FROM id_token_hints WHERE sid = ? AND stored_at >= ?');
  const remove = db.prepare('DELETE FROM id_token_hints WHERE sid = ?');

  return {
    remember(sid, idToken) {
      const t = now();
      db.transaction(() => {
        prune.run(t - KEEP_SECONDS);
        upsert.run(sid, idToken, t);
      })();
    },
    take(sid) {
      return db.transaction(() => {
        const row = read.get(sid, now() - KEEP_SECONDS);
        remove.run(sid);
        return row?.id_token;
      })();
    },
    close: () => db.close(),
  };
}

/** One connection per process, opened on first use under DATA_DIR (beside the ended sessions). */
export function idTokenHints(): IdTokenHints {
  return lookupOrOpen('auth.id-token-hints', () => openIdTokenHints(explorerSessionsFile()));
}
