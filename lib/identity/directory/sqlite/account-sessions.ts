import type { IdentityDb } from '../../store';
import type { AccountSession, AccountSessions } from '../types';

interface SessionPayload {
  uid?: string;
  accountId?: string;
  loginTs?: number;
  authorizations?: Record<string, { grantId?: string }>;
}

/** The provider's models that belong to one account: its sign-in sessions, grants and every token of them. */
const ACCOUNT_MODELS = ['Session', 'Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode', 'DeviceCode', 'BackchannelAuthenticationRequest'];

/** Account sessions over the provider's models in the identity SQLite file (`oidc_models`, adapter.ts). */
export class SqliteAccountSessions implements AccountSessions {
  constructor(private readonly db: IdentityDb) {}

  private sessionsOf(accountId: string): { id: string; payload: SessionPayload }[] {
    const now = Math.floor(Date.now() / 1000);
    return (
      this.db
        .prepare(`SELECT id, payload FROM oidc_models WHERE model = 'Session' AND json_extract(payload, '$.accountId') = ? AND (expires_at IS NULL OR expires_at > ?)`)
        .all(accountId, now) as { id: string; payload: string }[]
    ).map((row) => ({ id: row.id, payload: JSON.parse(row.payload) as SessionPayload }));
  }

  async list(accountId: string, currentSid?: string): Promise<AccountSession[]> {
    return this.sessionsOf(accountId)
      .map(({ payload }) => ({
        id: payload.uid ?? '',
        signedInAt: new Date((payload.loginTs ?? 0) * 1000).toISOString(),
        clients: Object.keys(payload.authorizations ?? {}).sort(),
        current: Boolean(currentSid) && payload.uid === currentSid,
      }))
      .sort((a, b) => b.signedInAt.localeCompare(a.signedInAt));
  }

  async sidOfGrant(accountId: string, grantId: string | undefined): Promise<string | undefined> {
    if (!grantId) return undefined;
    const row = this.db
      .prepare(
        `SELECT json_extract(payload, '$.uid') AS uid FROM oidc_models, json_each(json_extract(payload, '$.authorizations'))
         WHERE model = 'Session' AND json_extract(payload, '$.accountId') = ? AND json_extract(json_each.value, '$.grantId') = ?`,
      )
      .get(accountId, grantId) as { uid: string } | undefined;
    return row?.uid;
  }

  async endOthers(accountId: string, currentSid: string | undefined): Promise<number> {
    const { db } = this;
    return db.transaction(() => {
      const sessions = this.sessionsOf(accountId);
      const kept = sessions.find((s) => currentSid && s.payload.uid === currentSid);
      const keptGrants = new Set(Object.values(kept?.payload.authorizations ?? {}).flatMap((a) => (a.grantId ? [a.grantId] : [])));
      let ended = 0;
      for (const session of sessions) {
        if (session === kept) continue;
        ended += db.prepare(`DELETE FROM oidc_models WHERE model = 'Session' AND id = ?`).run(session.id).changes;
      }
      const grants = db
        .prepare(`SELECT id FROM oidc_models WHERE model = 'Grant' AND json_extract(payload, '$.accountId') = ?`)
        .all(accountId) as { id: string }[];
      for (const grant of grants) {
        if (keptGrants.has(grant.id)) continue;
        db.prepare('DELETE FROM oidc_models WHERE grant_id = ? OR (model = ? AND id = ?)').run(grant.id, 'Grant', grant.id);
      }
      return ended;
    })();
  }

  async endAll(accountId: string, keepSessionId?: string): Promise<number> {
    const models = ACCOUNT_MODELS.map(() => '?').join(', ');
    return this.db
      .prepare(`DELETE FROM oidc_models WHERE model IN (${models}) AND json_extract(payload, '$.accountId') = ? AND NOT (model = 'Session' AND id IS ?)`)
      .run(...ACCOUNT_MODELS, accountId, keepSessionId ?? null).changes;
  }
}
