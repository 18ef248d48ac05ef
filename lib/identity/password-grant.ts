import { errors, type KoaContext, type Provider } from 'oidc-provider';
import { clientAddress, type ProxyTrust } from '@/lib/server/client-address';
import { accountClaims, type Accounts } from './directory/types';
import { authenticate } from './authenticate';
import type { LoginThrottle } from './throttle';

/**
 * The resource owner password credentials grant (RFC 6749 section 4.3), which oidc-provider 9 does not ship.
 * Tokens come from the provider's own classes, so they are stored, introspected, revoked and accepted at userinfo
 * like any other.
 */
export function registerPasswordGrant(
  provider: Provider,
  accounts: Accounts,
  throttle: LoginThrottle,
  proxyTrust: ProxyTrust,
  secondFactor: { enabled(userId: string): Promise<boolean> } = { enabled: async () => false },
) {
  provider.registerGrantType(
    'password',
    async (ctx: KoaContext) => {
      const oidc = ctx.oidc!;
      const client = oidc.client!;
      const { username, password } = oidc.params;
      if (!username || !password) throw new errors.InvalidRequest('username and password are required');

      const allowed = new Set((client.scope ?? '').split(' ').filter(Boolean));
      const requested = (oidc.params.scope ?? 'openid').split(' ').filter(Boolean);
      const refused = requested.filter((scope) => !allowed.has(scope));
      if (refused.length) throw new errors.InvalidScope('requested scope is not allowed', refused.join(' '));

      const result = await authenticate(accounts, throttle, username, password, clientAddress(ctx.req, proxyTrust));
      if (!result.ok) {
        const error = new errors.InvalidGrant();
        error.error_description = result.reason === 'throttled' ? 'too many failed attempts, try again later' : 'invalid username or password';
        throw error;
      }
      // The grant has no place for a second factor: an account that has one signs in through the browser only.
      if (await secondFactor.enabled(result.user.id)) {
        const error = new errors.InvalidGrant();
        error.error_description = 'this account uses two-factor sign-in; sign in through the browser';
        throw error;
      }
      const accountId = result.user.id;
      const scope = [...new Set(requested)].join(' ');

      const grant = new provider.Grant({ accountId, clientId: client.clientId });
      grant.addOIDCScope(scope);
      const grantId = await grant.save();

      const at = new provider.AccessToken({ accountId, client, grantId, gty: 'password', scope });
      const accessToken = await at.save();

      let refreshToken: string | undefined;
      if (requested.includes('offline_access') && client.grantTypeAllowed('refresh_token')) {
        const rt = new provider.RefreshToken({ accountId, client, grantId, gty: 'password', scope, rotations: 0 });
        refreshToken = await rt.save();
      }

      let idToken: string | undefined;
      if (requested.includes('openid')) {
        // amr (RFC 8176): this grant is a password and nothing else.
        const token = new provider.IdToken({ ...(await accountClaims(accounts, result.user)), amr: ['pwd'] }, { ctx });
        token.scope = scope;
        idToken = await token.issue({ use: 'idtoken' });
      }

      ctx.body = {
        access_token: accessToken,
        expires_in: at.expiration,
        token_type: at.tokenType,
        scope,
        ...(idToken ? { id_token: idToken } : {}),
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
      };
    },
    ['username', 'password', 'scope'],
  );
}
