import type { IdentityDb } from '../../store';
import type { ModelPayload, ProviderModels } from '../types';

type Row = { payload: string; consumed_at: number | null; expires_at: number | null };

const now = () => Math.floor(Date.now() / 1000);

function live(row: Row | undefined): ModelPayload | undefined {
  if (!row || (row.expires_at !== null && row.expires_at <= now())) return undefined;
  const payload = JSON.parse(row.payload) as ModelPayload;
  return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
}

/** The provider's models in the `oidc_models` table of the identity SQLite file. */
export function sqliteProviderModels(db: IdentityDb): ProviderModels {
  const select = 'SELECT payload, consumed_at, expires_at FROM oidc_models';
  return {
    async upsert(model, id, payload, expiresIn) {
      db.prepare(
        `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      ).run(model, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ? now() + expiresIn : null);
    },
    async find(model, id) {
      return live(db.prepare(`${select} WHERE model = ? AND id = ?`).get(model, id) as Row | undefined);
    },
    async findByUserCode(model, userCode) {
      return live(db.prepare(`${select} WHERE model = ? AND user_code = ?`).get(model, userCode) as Row | undefined);
    },
    async findByUid(model, uid) {
      return live(db.prepare(`${select} WHERE model = ? AND uid = ?`).get(model, uid) as Row | undefined);
    },
    async consume(model, id) {
      return db.prepare('UPDATE oidc_models SET consumed_at = ? WHERE model = ? AND id = ? AND consumed_at IS NULL').run(now(), model, id).changes === 1;
    },
    async destroy(model, id) {
      db.prepare('DELETE FROM oidc_models WHERE model = ? AND id = ?').run(model, id);
    },
    async revokeByGrantId(grantId) {
      db.prepare('DELETE FROM oidc_models WHERE grant_id = ?').run(grantId);
    },
    async pruneExpired() {
      return db.prepare('DELETE FROM oidc_models WHERE expires_at IS NOT NULL AND expires_at <= ?').run(now()).changes;
    },
    async ofAccount(model, accountId) {
      const rows = db
        .prepare(`SELECT id, payload FROM oidc_models WHERE model = ? AND json_extract(payload, '$.accountId') = ? AND (expires_at IS NULL OR expires_at > ?)`)
        .all(model, accountId, now()) as { id: string; payload: string }[];
      return rows.map((row) => ({ id: row.id, payload: JSON.parse(row.payload) as ModelPayload }));
    },
    async destroyOfAccount(accountId, models, keepSessionId) {
      const kinds = models.map(() => '?').join(', ');
      return db
        .prepare(`DELETE FROM oidc_models WHERE model IN (${kinds}) AND json_extract(payload, '$.accountId') = ? AND NOT (model = 'Session' AND id IS ?)`)
        .run(...models, accountId, keepSessionId ?? null).changes;
    },
  };
}
