import 'server-only';
import { lookupOrOpen } from '@/lib/server/registry';
import { explorerSessionsFile } from './sessions-file';
import Database from 'better-sqlite3';

/** Rows outlive every session that could still carry the ended sid (the session's own lifetime). */
const KEEP_SECONDS = 24 * 60 * 60;

export interface EndedSessions {
  /** Records a session (by sid) or every session of a subject signed in until now (by sub) as ended. */
  end(claims: { sid?: string; sub?: string }): void;
  /** True when this session was ended by a logout: its sid, or its subject since it signed in. */
  isEnded(session: { sid?: string; sub?: string; signedInAt?: number }): boolean;
  close(): void;
}

const now = () => Math.floor(Date.now() / 1000);

export function openEndedSessions(file: string): EndedSessions {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 2000');
  db.exec(`CREATE TABLE IF NOT EXISTS ended_sessions (
    kind TEXT NOT NULL CHECK (kind IN ('sid', 'sub')),
    value TEXT NOT NULL,
    ended_at INTEGER NOT NULL,
    PRIMARY KEY (kind, value)
  )`);
  const upsert = db.prepare(
    'INSERT INTO ended_sessions (kind, value, ended_at) VALUES (?, ?, ?) ON CONFLICT (kind, value) DO UPDATE SET ended_at = excluded.ended_at',
  );
  const prune = db.prepare('DELETE FROM ended_sessions WHERE ended_at < ?');
  const bySid = db.prepare("SELECT 1 FROM ended_sessions WHERE kind = 'sid' AND value = ?");
  const bySub = db.prepare("SELECT 1 FROM ended_sessions WHERE kind = 'sub' AND value = ? AND ended_at >= ?");

  return {
    end({ sid, sub }) {
      const t = now();
      db.transaction(() => {
        prune.run(t - KEEP_SECONDS);
        if (sid) upsert.run('sid', sid, t);
        else if (sub) upsert.run('sub', sub, t);
      })();
    },
    isEnded({ sid, sub, signedInAt }) {
      if (sid && bySid.get(sid)) return true;
      return Boolean(sub && signedInAt !== undefined && bySub.get(sub, signedInAt));
    },
    close: () => db.close(),
  };
}

/** One connection per process (route handlers live in several bundles), opened on first use under DATA_DIR. */
export function endedSessions(): EndedSessions {
  return lookupOrOpen('auth.ended-sessions', () => openEndedSessions(explorerSessionsFile()));
}
