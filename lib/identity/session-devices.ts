import type { Middleware } from 'oidc-provider';
import { logger } from '@/lib/core/logger';
import { TTL } from './constants';
import type { ProviderModels } from './provider-store/types';

/** The provider model that keeps each sign-in session's browser (its user agent), by the session's `sid`. */
export const SESSION_DEVICE = 'SessionDevice';

const MAX_USER_AGENT = 512;

/**
 * Remembers the browser a session signs in from, for the account page's sessions list: oidc-provider's sessions
 * keep no user agent. Written when a sign-in comes back to the authorization endpoint (its `resume` route), where
 * the session holds the account; it lives as long as a session may.
 */
export function rememberSessionDevices(models: ProviderModels): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.oidc?.route !== 'resume') return;
    const session = ctx.oidc.session;
    const userAgent = ctx.get('user-agent');
    if (!session?.accountId || !session.uid || session.destroyed || !userAgent) return;
    // The sign-in is done by now: a device not kept only shows as unknown in the list.
    await models.upsert(SESSION_DEVICE, session.uid, { accountId: session.accountId, userAgent: userAgent.slice(0, MAX_USER_AGENT) }, TTL.Session).catch((err: Error) => {
      logger.warn('identity: the browser of a sign-in session was not kept', { error: err.message });
    });
  };
}

/** The user agent a session signed in from; undefined for sessions made before it was kept. */
export async function userAgentOf(models: ProviderModels, sid: string): Promise<string | undefined> {
  const entry = sid ? await models.find(SESSION_DEVICE, sid) : undefined;
  return typeof entry?.userAgent === 'string' ? entry.userAgent : undefined;
}
