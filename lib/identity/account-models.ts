import type { AccountSession, AccountSessions } from './directory/types';
import { deviceName } from './device-name';
import type { ProviderModels } from './provider-store/types';
import { SESSION_DEVICE, userAgentOf } from './session-devices';

// What the identity server's own pages and APIs do with the provider's models of one account (its sessions at the
// identity server, its grants and their tokens), on whichever engine holds them (provider-store).

/** The provider's models that belong to one account: its sign-in sessions, grants and every token of them. */
const ACCOUNT_MODELS = ['Session', 'Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode', 'DeviceCode', 'BackchannelAuthenticationRequest'];

export type { AccountSession };

interface SessionPayload {
  uid?: string;
  loginTs?: number;
  authorizations?: Record<string, { grantId?: string }>;
}

const sessionsOf = async (models: ProviderModels, accountId: string) =>
  (await models.ofAccount('Session', accountId)).map((s) => ({ id: s.id, payload: s.payload as SessionPayload }));

/** The session the token's app signed in through: the one whose authorizations hold the token's grant. */
export async function sessionOfGrant(models: ProviderModels, accountId: string, grantId: string | undefined): Promise<string | undefined> {
  if (!grantId) return undefined;
  const session = (await sessionsOf(models, accountId)).find((s) => Object.values(s.payload.authorizations ?? {}).some((a) => a.grantId === grantId));
  return session?.payload.uid;
}

/** The account's sign-in sessions at the identity server (one a browser), newest first; `currentSid` marks the caller's. */
export async function listAccountSessions(models: ProviderModels, accountId: string, currentSid?: string): Promise<AccountSession[]> {
  const sessions = await Promise.all(
    (await sessionsOf(models, accountId)).map(async ({ payload }) => ({
      id: payload.uid ?? '',
      signedInAt: new Date((payload.loginTs ?? 0) * 1000).toISOString(),
      clients: Object.keys(payload.authorizations ?? {}).sort(),
      device: deviceName(await userAgentOf(models, payload.uid ?? '')),
      current: Boolean(currentSid) && payload.uid === currentSid,
    })),
  );
  return sessions.sort((a, b) => b.signedInAt.localeCompare(a.signedInAt));
}

/**
 * Signs the account out of every session but `currentSid`'s: those sessions go, with every grant they made and
 * every token of those grants (and any grant of no remaining session, such as a password grant's).
 */
export async function endOtherSessions(models: ProviderModels, accountId: string, currentSid: string | undefined): Promise<number> {
  const sessions = await sessionsOf(models, accountId);
  const kept = sessions.find((s) => currentSid && s.payload.uid === currentSid);
  const keptGrants = new Set(Object.values(kept?.payload.authorizations ?? {}).flatMap((a) => (a.grantId ? [a.grantId] : [])));
  let ended = 0;
  for (const session of sessions) {
    if (session === kept) continue;
    await models.destroy('Session', session.id);
    if (session.payload.uid) await models.destroy(SESSION_DEVICE, session.payload.uid);
    ended++;
  }
  for (const grant of await models.ofAccount('Grant', accountId)) {
    if (keptGrants.has(grant.id)) continue;
    await models.revokeByGrantId(grant.id);
    await models.destroy('Grant', grant.id);
  }
  return ended;
}

/**
 * Ends everything the provider holds for an account (after a password change or reset): every browser is signed
 * out at the identity server, every refresh token stops working, and the Explorer's next token refresh (at most
 * the access token's 10 minutes away) fails, which signs it out there too. `keepSessionId` keeps the session of
 * the browser making the change, when there is one.
 */
export async function endAccountSessions(models: ProviderModels, accountId: string, keepSessionId?: string): Promise<number> {
  const ended = await models.destroyOfAccount(accountId, ACCOUNT_MODELS, keepSessionId);
  // The browsers of the sessions that went (not counted: they are no sign-in); the kept session keeps its own.
  const kept = keepSessionId ? (await sessionsOf(models, accountId)).find((s) => s.id === keepSessionId)?.payload.uid : undefined;
  for (const device of await models.ofAccount(SESSION_DEVICE, accountId)) if (device.id !== kept) await models.destroy(SESSION_DEVICE, device.id);
  return ended;
}

/** The account pages' view of these functions, on the provider store's engine. */
export function accountSessions(models: ProviderModels): AccountSessions {
  return {
    list: (accountId, currentSid) => listAccountSessions(models, accountId, currentSid),
    sidOfGrant: (accountId, grantId) => sessionOfGrant(models, accountId, grantId),
    endOthers: (accountId, currentSid) => endOtherSessions(models, accountId, currentSid),
    endAll: (accountId, keepSessionId) => endAccountSessions(models, accountId, keepSessionId),
  };
}
