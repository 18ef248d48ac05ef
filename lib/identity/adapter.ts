import type { Clients } from './clients';
import type { IdentityDb } from './store';

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number };

/**
 * oidc-provider's storage interface on one SQLite table, so sessions, grants, codes and tokens survive a restart.
 * Clients are not stored here: the `Client` model reads the `oidc_clients` table.
 */
export function sqliteAdapter(db: IdentityDb, clients: Clients) {
  const now = () => Math.floor(Date.now() / 1000);
  const live = (row: { payload: string; consumed_at: number | null; expires_at: number | null } | undefined) => {
    if (!row || (row.expires_at !== null && row.expires_at <= now())) return undefined;
    const payload = JSON.parse(row.payload) as Payload;
    return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
  };
  const select = 'SELECT payload, consumed_at, expires_at FROM oidc_models';

  return class SqliteAdapter {
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      db.prepare(
        `INSERT INTO oidc_models (model, id, payload, grant_id, user_code, uid, expires_at, consumed_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, NULL)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
           user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      ).run(this.model, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ? now() + expiresIn : null);
    }

    async find(id: string) {
      if (this.model === 'Client') return clients.find(id);
      return live(db.prepare(`${select} WHERE model = ? AND id = ?`).get(this.model, id) as never);
    }

    async findByUserCode(userCode: string) {
      return live(db.prepare(`${select} WHERE model = ? AND user_code = ?`).get(this.model, userCode) as never);
    }

    async findByUid(uid: string) {
      return live(db.prepare(`${select} WHERE model = ? AND uid = ?`).get(this.model, uid) as never);
    }

    async consume(id: string) {
      db.prepare('UPDATE oidc_models SET consumed_at = ? WHERE model = ? AND id = ?').run(now(), this.model, id);
    }

    async destroy(id: string) {
      db.prepare('DELETE FROM oidc_models WHERE model = ? AND id = ?').run(this.model, id);
    }

    async revokeByGrantId(grantId: string) {
      db.prepare('DELETE FROM oidc_models WHERE grant_id = ?').run(grantId);
    }
  };
}

/** Removes expired rows; the provider never asks for them again. */
export function pruneExpired(db: IdentityDb): number {
  return db.prepare('DELETE FROM oidc_models WHERE expires_at IS NOT NULL AND expires_at <= ?').run(Math.floor(Date.now() / 1000)).changes;
}
