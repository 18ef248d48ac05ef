import type { IdentityDb } from '../store';

/** The provider's models that belong to one account: its sign-in sessions, grants and every token of them. */
const ACCOUNT_MODELS = ['Session', 'Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode', 'DeviceCode', 'BackchannelAuthenticationRequest'];

/**
 * Ends everything the provider holds for an account (after a password change or reset): every browser is signed
 * out at the identity server, every refresh token stops working, and the Explorer's next token refresh (at most
 * the access token's 10 minutes away) fails, which signs it out there too. `keepSessionUid` keeps the session of
 * the browser making the change, when there is one.
 */
export function endAccountSessions(db: IdentityDb, accountId: string, keepSessionId?: string): number {
  const models = ACCOUNT_MODELS.map(() => '?').join(', ');
  return db
    .prepare(`DELETE FROM oidc_models WHERE model IN (${models}) AND json_extract(payload, '$.accountId') = ? AND NOT (model = 'Session' AND id IS ?)`)
    .run(...ACCOUNT_MODELS, accountId, keepSessionId ?? null).changes;
}
