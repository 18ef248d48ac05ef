import type { ServerContext } from '@/lib/server/subsystem';
import { logger } from '@/lib/core/logger';
import type { IdentityStores } from './identity-stores';
import { discoveryOverrides } from './discovery';
import { frontchannelLogout } from './frontchannel-logout';
import type { PrivateJwk } from './keys';
import { registerPasswordGrant } from './password-grant';
import { createProvider } from './provider';
import { publishedKeys } from './published-keys';
import type { TotpFactor } from './second-factor/totp';
import { rememberSessionDevices } from './session-devices';
import type { LoginThrottle } from './throttle';
import { tokenErrors } from './token-errors';

/** Where the identity server is mounted: its issuer is the public URL with this path. */
export const IDENTITY_MOUNT = '/identity';

/**
 * The OpenID provider signing with `signingKeys`, with this server's password grant, published keys, discovery,
 * logout pages and error words. Built at start-up and again when the signing key rotates.
 */
export function buildProvider(
  { config, secrets }: ServerContext,
  { directory, providerStore }: IdentityStores,
  login: { throttle: LoginThrottle; totp: TotpFactor },
  signingKeys: { keys: PrivateJwk[] },
) {
  const provider = createProvider({
    issuer: `${config.publicUrl}${IDENTITY_MOUNT}`,
    models: providerStore.models,
    clients: providerStore.clients,
    accounts: directory.accounts,
    jwks: signingKeys,
    cookieKeys: secrets.identityCookieKeys,
    relaxed: config.demo || config.mode === 'development',
  });
  provider.proxy = config.trustProxy;
  // Koa's ctx.ip then reads the same X-Forwarded-For entry as clientAddress().
  provider.maxIpsCount = config.trustProxyHops;
  registerPasswordGrant(provider, directory.accounts, login.throttle, config, login.totp);
  provider.use(publishedKeys(providerStore.keys, signingKeys.keys));
  provider.use(discoveryOverrides(provider.issuer));
  provider.use(frontchannelLogout(provider));
  provider.use(tokenErrors);
  provider.use(rememberSessionDevices(providerStore.models));
  for (const event of ['server_error', 'backchannel.error']) {
    provider.on(event, (...args: unknown[]) => {
      const err = args.find((a) => a instanceof Error) as Error | undefined;
      logger.error(`identity ${event}`, { error: err?.message });
    });
  }
  return provider;
}
