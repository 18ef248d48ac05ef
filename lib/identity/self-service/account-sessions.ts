import type { IdentityDb } from '../store';

export interface AccountSession {
  /** The session's `sid` (its uid), as in the ID tokens of the apps signed in through it. */
  id: string;
  signedInAt: string;
  clients: string[];
  current: boolean;
}

interface SessionPayload {
  uid?: string;
  accountId?: string;
  loginTs?: number;
  authorizations?: Record<string, { grantId?: string }>;
}

function sessionsOf(db: IdentityDb, accountId: string): { id: string; payload: SessionPayload }[] {
  const now = Math.floor(Date.now() / 1000);
  return (
    db
      .prepare(`SELECT id, payload FROM oidc_models WHERE model = 'Session' AND json_extract(payload, '$.accountId') = ? AND (expires_at IS NULL OR expires_at > ?)`)
      .all(accountId, now) as { id: string; payload: string }[]
  ).map((row) => ({ id: row.id, payload: JSON.parse(row.payload) as SessionPayload }));
}

/** The account's sign-in sessions at the identity server (one a browser), newest first; `currentSid` marks the caller's. */
export function listAccountSessions(db: IdentityDb, accountId: string, currentSid?: string): AccountSession[] {
  return sessionsOf(db, accountId)
    .map(({ payload }) => ({
      id: payload.uid ?? '',
      signedInAt: new Date((payload.loginTs ?? 0) * 1000).toISOString(),
      clients: Object.keys(payload.authorizations ?? {}).sort(),
      current: Boolean(currentSid) && payload.uid === currentSid,
    }))
    .sort((a, b) => b.signedInAt.localeCompare(a.signedInAt));
}

/**
 * Signs the account out of every session but `currentSid`'s: those sessions go, with every grant they made and
 * every token of those grants (and any grant of no remaining session, such as a password grant's).
 */
export function endOtherSessions(db: IdentityDb, accountId: string, currentSid: string | undefined): number {
  return db.transaction(() => {
    const sessions = sessionsOf(db, accountId);
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
