import type { Queryable } from '@/lib/db/postgres/cluster';
import { type IdTokenHints, KEEP_SECONDS, nowSeconds } from '../types';

export function postgresIdTokenHints(pool: Queryable, onClose: () => Promise<void>): IdTokenHints {
  return {
    async remember(sid, idToken) {
      const t = nowSeconds();
      await pool.query('DELETE FROM explorer_id_token_hints WHERE stored_at < $1', [t - KEEP_SECONDS]);
      await pool.query(
        `INSERT INTO explorer_id_token_hints (sid, id_token, stored_at) VALUES ($1, $2, $3)
         ON CONFLICT (sid) DO UPDATE SET id_token = excluded.id_token, stored_at = excluded.stored_at`,
        [sid, idToken, t],
      );
    },
    async take(sid) {
      // One statement: two instances asked at once hand the token out once.
      const { rows } = await pool.query<{ id_token: string; stored_at: number }>(
        'DELETE FROM explorer_id_token_hints WHERE sid = $1 RETURNING id_token, stored_at',
        [sid],
      );
      const row = rows[0];
      return row && row.stored_at >= nowSeconds() - KEEP_SECONDS ? row.id_token : undefined;
    },
    close: onClose,
  };
}
