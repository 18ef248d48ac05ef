import type { Queryable } from '@/lib/db/postgres/cluster';
import type { ModelPayload, ProviderModels } from '../types';

type Row = { payload: ModelPayload; consumed_at: number | null };

const now = () => Math.floor(Date.now() / 1000);

/**
 * The provider's models in the `oidc_models` table of migration 0009, on the primary (a token is read back by
 * another instance a moment after it was written; a replica could not have it yet). Expired rows are never
 * answered; `pruneExpired` deletes them.
 */
export function postgresProviderModels(db: Queryable): ProviderModels {
  const select = 'SELECT payload, consumed_at FROM oidc_models';
  const live = 'AND (expires_at IS NULL OR expires_at > $3)';
  const one = async (sql: string, values: unknown[]): Promise<ModelPayload | undefined> => {
    const { rows } = await db.query<Row>(sql, values);
    const row = rows[0];
    if (!row) return undefined;
    return row.consumed_at === null ? row.payload : { ...row.payload, consumed: row.consumed_at };
  };
  return {
    async upsert(model, id, payload, expiresIn) {
      await db.query(
        `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, account_id, expires_at, consumed_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8, NULL)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, account_id = excluded.account_id, expires_at = excluded.expires_at`,
        [
          model,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          typeof payload.accountId === 'string' ? payload.accountId : null,
          expiresIn ? now() + expiresIn : null,
        ],
      );
    },
    find(model, id) {
      return one(`${select} WHERE model = $1 AND id = $2 ${live}`, [model, id, now()]);
    },
    findByUserCode(model, userCode) {
      return one(`${select} WHERE model = $1 AND user_code = $2 ${live} LIMIT 1`, [model, userCode, now()]);
    },
    findByUid(model, uid) {
      return one(`${select} WHERE model = $1 AND uid = $2 ${live} LIMIT 1`, [model, uid, now()]);
    },
    async consume(model, id) {
      // One statement: under READ COMMITTED a second UPDATE of the same row waits for the first to commit, then
      // re-checks `consumed_at IS NULL` on the new row version and updates nothing.
      const { rowCount } = await db.query('UPDATE oidc_models SET consumed_at = $3 WHERE model = $1 AND id = $2 AND consumed_at IS NULL', [model, id, now()]);
      return rowCount === 1;
    },
    async destroy(model, id) {
      await db.query('DELETE FROM oidc_models WHERE model = $1 AND id = $2', [model, id]);
    },
    async revokeByGrantId(grantId) {
      await db.query('DELETE FROM oidc_models WHERE grant_id = $1', [grantId]);
    },
    async pruneExpired() {
      const { rowCount } = await db.query('DELETE FROM oidc_models WHERE expires_at IS NOT NULL AND expires_at <= $1', [now()]);
      return rowCount ?? 0;
    },
    async ofAccount(model, accountId) {
      const { rows } = await db.query<{ id: string; payload: ModelPayload }>(
        'SELECT id, payload FROM oidc_models WHERE account_id = $1 AND model = $2 AND (expires_at IS NULL OR expires_at > $3)',
        [accountId, model, now()],
      );
      return rows;
    },
    async destroyOfAccount(accountId, models, keepSessionId) {
      const { rowCount } = await db.query(
        `DELETE FROM oidc_models WHERE account_id = $1 AND model = ANY($2::text[]) AND NOT (model = 'Session' AND id IS NOT DISTINCT FROM $3)`,
        [accountId, models, keepSessionId ?? null],
      );
      return rowCount ?? 0;
    },
  };
}
