import { openExplorerSessionsDb } from './schema';
import { type EndedSessions, KEEP_SECONDS, nowSeconds } from '../types';

export function openSqliteEndedSessions(file: string): EndedSessions {
  const { db, release } = openExplorerSessionsDb(file);
  const upsert = db.prepare(
    'INSERT INTO ended_sessions (kind, value, ended_at) VALUES (?, ?, ?) ON CONFLICT (kind, value) DO UPDATE SET ended_at = excluded.ended_at',
  );
  const prune = db.prepare('DELETE FROM ended_sessions WHERE ended_at < ?');
  const bySid = db.prepare("SELECT 1 FROM ended_sessions WHERE kind = 'sid' AND value = ?");
  const bySub = db.prepare("SELECT 1 FROM ended_sessions WHERE kind = 'sub' AND value = ? AND ended_at >= ?");

  return {
    async end({ sid, sub }) {
      const t = nowSeconds();
      db.transaction(() => {
        prune.run(t - KEEP_SECONDS);
        if (sid) upsert.run('sid', sid, t);
        else if (sub) upsert.run('sub', sub, t);
      })();
    },
    async isEnded({ sid, sub, signedInAt }) {
      if (sid && bySid.get(sid)) return true;
      return Boolean(sub && signedInAt !== undefined && bySub.get(sub, signedInAt));
    },
    close: async () => release(),
  };
}
