import type { IncomingMessage, ServerResponse } from 'node:http';
import { publish, unpublish } from '@/lib/server/registry';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { logger } from '@/lib/server/logger';
import { SecretBox } from '@/lib/server/secret-box';
import { Accounts } from './accounts';
import { pruneExpired } from './adapter';
import { Clients } from './clients';
import { seedDemo } from './demo-seed';
import { discoveryOverrides } from './discovery';
import { frontchannelLogout } from './frontchannel-logout';
import { sendJson } from './http';
import { handleInteraction } from './interactions';
import { loadSigningKeys, SIGNING_KEYS_FILE } from './keys';
import { handleMembersApi } from './members-api';
import { registerPasswordGrant } from './password-grant';
import { createProvider } from './provider';
import { IDENTITY_RUNTIME, type IdentityRuntime } from './runtime';
import { IDENTITY_DB_FILE, openIdentityDb } from './store';
import { LoginThrottle } from './throttle';
import { tokenErrors } from './token-errors';

const MOUNT = '/identity';
const ROOT_DISCOVERY = '/.well-known/openid-configuration';

/** The OpenID Connect provider under /identity, with its accounts store, pages' POST handlers and membership API. */
export async function createIdentitySubsystem(ctx: ServerContext): Promise<Subsystem> {
  const { config, dataDir, secrets } = ctx;
  const db = openIdentityDb(dataDir.file(IDENTITY_DB_FILE));
  const accounts = new Accounts(db);
  const clients = new Clients(db, new SecretBox(secrets.encryptionKeys));
  if (config.demo && accounts.isEmpty()) await seedDemo(accounts, clients, config.publicUrl, dataDir);

  const provider = createProvider({
    issuer: `${config.publicUrl}${MOUNT}`,
    db,
    clients,
    accounts,
    jwks: loadSigningKeys(dataDir.file(SIGNING_KEYS_FILE)),
    cookieKeys: secrets.identityCookieKeys,
    relaxed: config.demo || config.mode === 'development',
  });
  provider.proxy = config.trustProxy;
  // Koa's ctx.ip then reads the same X-Forwarded-For entry as clientAddress().
  provider.maxIpsCount = config.trustProxyHops;
  const throttle = new LoginThrottle(ctx.limits);
  registerPasswordGrant(provider, accounts, throttle, config);
  provider.use(discoveryOverrides(provider.issuer));
  provider.use(frontchannelLogout(provider));
  provider.use(tokenErrors);
  for (const event of ['server_error', 'backchannel.error']) {
    provider.on(event, (...args: unknown[]) => {
      const err = args.find((a) => a instanceof Error) as Error | undefined;
      logger.error(`identity ${event}`, { error: err?.message });
    });
  }

  const runtime: IdentityRuntime = { provider, accounts, cookieKeys: secrets.identityCookieKeys };
  publish(IDENTITY_RUNTIME, runtime);
  const interactionDeps = { ...runtime, throttle, proxyTrust: config };
  const membersApiClients = new Set(config.membersApiClients);
  const callback = provider.callback();
  pruneExpired(db);
  const pruning = setInterval(() => pruneExpired(db), 60 * 60_000);
  pruning.unref();
  let open = true;

  const toProvider = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const withOriginal = req as IncomingMessage & { originalUrl?: string };
    const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    withOriginal.originalUrl = `${MOUNT}${path}${query}`;
    req.url = `${path}${query}`;
    return callback(req, res) as unknown as Promise<void>;
  };

  return {
    name: 'identity',
    async handle(req, res, url) {
      const p = url.pathname;
      if (p === ROOT_DISCOVERY) {
        await toProvider(req, res, ROOT_DISCOVERY);
        return true;
      }
      if (p !== MOUNT && !p.startsWith(`${MOUNT}/`)) return false;
      if (p.startsWith(`${MOUNT}/interaction/`)) return handleInteraction(interactionDeps, req, res, url);
      if (p.startsWith(`${MOUNT}/api/`)) {
        if (await handleMembersApi(provider, accounts, membersApiClients, req, res, url)) return true;
        sendJson(res, 404, { error: 'not_found', error_description: 'no such identity API' });
        return true;
      }
      await toProvider(req, res, p.slice(MOUNT.length) || '/');
      return true;
    },
    ready: () => open && db.open,
    close() {
      open = false;
      clearInterval(pruning);
      unpublish(IDENTITY_RUNTIME);
      db.close();
    },
  };
}
