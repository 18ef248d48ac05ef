import { openExplorerSessionsDb } from './schema';
import { type IdTokenHints, KEEP_SECONDS, nowSeconds } from '../types';

export function openSqliteIdTokenHints(file: string): IdTokenHints {
  const { db, release } = openExplorerSessionsDb(file);
  const upsert = db.prepare(
    'INSERT INTO id_token_hints (sid, id_token, stored_at) VALUES (?, ?, ?) ON CONFLICT (sid) DO UPDATE SET id_token = excluded.id_token, stored_at = excluded.stored_at',
  );
  const prune = db.prepare('DELETE FROM id_token_hints WHERE stored_at < ?');
  const read = db.prepare<[string, number], { id_token: string }>('SELECT id_token FROM id_token_hints WHERE sid = ? AND stored_at >= ?');
  const remove = db.prepare('DELETE FROM id_token_hints WHERE sid = ?');

  return {
    async remember(sid, idToken) {
      const t = nowSeconds();
      db.transaction(() => {
        prune.run(t - KEEP_SECONDS);
        upsert.run(sid, idToken, t);
      })();
    },
    async take(sid) {
      return db.transaction(() => {
        const row = read.get(sid, nowSeconds() - KEEP_SECONDS);
        remove.run(sid);
        return row?.id_token;
      })();
    },
    close: async () => release(),
  };
}
