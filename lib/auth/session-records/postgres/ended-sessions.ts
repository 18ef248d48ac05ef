import type { Queryable } from '@/lib/db/postgres/cluster';
import { type EndedSessions, KEEP_SECONDS, nowSeconds } from '../types';

/** The same rules as the SQLite file, in the tables of migration 0008: every instance sees a logout at once. */
export function postgresEndedSessions(pool: Queryable, onClose: () => Promise<void>): EndedSessions {
  return {
    async end({ sid, sub }) {
      const t = nowSeconds();
      const [kind, value] = sid ? ['sid', sid] : sub ? ['sub', sub] : [null, null];
      await pool.query('DELETE FROM explorer_ended_sessions WHERE ended_at < $1', [t - KEEP_SECONDS]);
      if (!kind) return;
      await pool.query(
        `INSERT INTO explorer_ended_sessions (kind, value, ended_at) VALUES ($1, $2, $3)
         ON CONFLICT (kind, value) DO UPDATE SET ended_at = excluded.ended_at`,
        [kind, value, t],
      );
    },
    async isEnded({ sid, sub, signedInAt }) {
      if (!sid && !(sub && signedInAt !== undefined)) return false;
      const { rowCount } = await pool.query(
        `SELECT 1 FROM explorer_ended_sessions
          WHERE (kind = 'sid' AND value = $1) OR (kind = 'sub' AND value = $2 AND ended_at >= $3) LIMIT 1`,
        [sid ?? null, sub ?? null, signedInAt ?? null],
      );
      return Boolean(rowCount);
    },
    close: onClose,
  };
}
