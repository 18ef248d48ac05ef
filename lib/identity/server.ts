import type { IncomingMessage, ServerResponse } from 'node:http';
import { publish, unpublish } from '@/lib/core/registry';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { logger } from '@/lib/core/logger';
import { SecretBox } from '@/lib/core/secret-box';
import { seedDemo } from './demo-seed';
import { openIdentityDirectory } from './directory';
import { accountSessions as accountSessionsOf } from './account-models';
import { discoveryOverrides } from './discovery';
import { frontchannelLogout } from './frontchannel-logout';
import { allowHeader } from '@/lib/http/allow-header';
import { methodsRefusing } from './endpoint-methods';
import { sendJson, sendNoSuchApi, sendServerError } from './http';
import { handleInteraction } from './interactions';
import { openProviderStore } from './provider-store';
import { publishedKeys } from './published-keys';
import { followSigningKey } from './signing-rotation';
import type { PrivateJwk } from './keys';
import { handleMembersApi } from './members-api';
import { registerPasswordGrant } from './password-grant';
import { createProvider } from './provider';
import { IDENTITY_RUNTIME, type IdentityRuntime } from './runtime';
import { LoginThrottle } from './throttle';
import { createMailer, OUTBOX_DIR } from './mail/mailer';
import { FormCsrf } from './self-service/form-csrf';
import { SelfServiceLimits } from './self-service/limits';
import { handleSelfService } from './self-service/routes';
import { handleInvitation } from './self-service/invitation-routes';
import { handleOrganizationAdminApi } from './organization-admin-api';
import { handleAccountApi } from './account-api';
import { OrganizationAdmin } from './organization-admin';
import { SelfService } from './self-service/service';
import { AccountTokens } from './self-service/tokens';
import { CodeThrottle } from './second-factor/code-throttle';
import { PendingLogins } from './second-factor/pending-logins';
import { TotpFactor } from './second-factor/totp';
import { passkeyChallenges, Passkeys } from './second-factor/passkeys';
import { tokenErrors } from './token-errors';
import { FreshLogins } from './fresh-logins';
import { rememberSessionDevices } from './session-devices';

const MOUNT = '/identity';
const ROOT_DISCOVERY = '/.well-known/openid-configuration';

/** The OpenID Connect provider under /identity, with its accounts store, pages' POST handlers and membership API. */
export async function createIdentitySubsystem(ctx: ServerContext): Promise<Subsystem> {
  const { config, dataDir, secrets } = ctx;
  const directory = await openIdentityDirectory(config, dataDir);
  logger.info(`identity directory: ${directory.describe()}`);
  const { accounts } = directory;
  // oidc-provider's models, the OIDC clients and the signing keys: PostgreSQL with DATABASE_URL, else this file.
  const providerStore = await openProviderStore(config, dataDir, new SecretBox(secrets.encryptionKeys));
  const { clients } = providerStore;
  logger.info('identity provider state', { engine: providerStore.engine });
  // Sign-in sessions are provider models: they live where the provider store keeps them.
  const accountSessions = accountSessionsOf(providerStore.models);
  // On a shared database the first instance seeds and the others, waiting for the lock, find the seed.
  if (config.demo) await directory.exclusively('demo-seed', async () => (await accounts.isEmpty()) && seedDemo(accounts, clients, config.publicUrl, dataDir));
  const jwks = await providerStore.keys.load();

  const throttle = new LoginThrottle(ctx.limits);
  const totp = new TotpFactor(directory.totp, new SecretBox(secrets.encryptionKeys));
  const buildProvider = (signingKeys: { keys: PrivateJwk[] }) => {
    const built = createProvider({
      issuer: `${config.publicUrl}${MOUNT}`,
      models: providerStore.models,
      clients,
      accounts,
      jwks: signingKeys,
      cookieKeys: secrets.identityCookieKeys,
      relaxed: config.demo || config.mode === 'development',
    });
    built.proxy = config.trustProxy;
    // Koa's ctx.ip then reads the same X-Forwarded-For entry as clientAddress().
    built.maxIpsCount = config.trustProxyHops;
    registerPasswordGrant(built, accounts, throttle, config, totp);
    built.use(publishedKeys(providerStore.keys, signingKeys.keys));
    built.use(discoveryOverrides(built.issuer));
    built.use(frontchannelLogout(built));
    built.use(tokenErrors);
    built.use(rememberSessionDevices(providerStore.models));
    for (const event of ['server_error', 'backchannel.error']) {
      built.on(event, (...args: unknown[]) => {
        const err = args.find((a) => a instanceof Error) as Error | undefined;
        logger.error(`identity ${event}`, { error: err?.message });
      });
    }
    return built;
  };
  let provider = buildProvider(jwks);
  const publicUrl = new URL(config.publicUrl);
  const passkeys = new Passkeys(directory.passkeys, passkeyChallenges(providerStore.models), publicUrl.hostname, publicUrl.origin);

  const mailer = createMailer({ ...config.mail, outboxDir: dataDir.file(OUTBOX_DIR) });
  if (config.mail.smtpUrl) logger.info('identity mail goes through SMTP', { smtp: mailer.destination });
  else if (config.demo) logger.info(`identity mail is written as .eml files to ${mailer.destination} (no SMTP_URL)`, { outbox: mailer.destination });
  else logger.warn(`SMTP_URL is not set: identity mail (sign-up, password reset, invitations) is only written to ${mailer.destination}`);
  const tokens = new AccountTokens(directory.tokens);
  const admin = new OrganizationAdmin(accounts, tokens, mailer, config.publicUrl);
  const freshLogins = new FreshLogins(providerStore.models, config.publicUrl.startsWith('https:'));
  const selfService = {
    freshLogins,
    service: new SelfService(accounts, accountSessions, tokens, mailer, config.publicUrl, async (userId) => ({ totp: await totp.enabled(userId), passkeys: await passkeys.list(userId) })),
    csrf: new FormCsrf(secrets.identityCookieKeys, config.publicUrl.startsWith('https:')),
    limits: new SelfServiceLimits(ctx.limits, config, config.selfServicePerHour),
    admin,
  };

  const runtime: IdentityRuntime = { provider, accounts, cookieKeys: secrets.identityCookieKeys };
  publish(IDENTITY_RUNTIME, runtime);
  const codeThrottle = new CodeThrottle(ctx.limits);
  const interactionDeps = { ...runtime, throttle, proxyTrust: config, totp, pending: new PendingLogins(providerStore.models), codeThrottle, passkeys, freshLogins };
  const membersApiClients = new Set(config.membersApiClients);
  const invitationDeps = { admin, accounts, csrf: selfService.csrf, throttle, proxyTrust: config, totp, codeThrottle, freshLogins };
  const accountApiDeps = { provider, accounts, sessions: accountSessions, selfService: selfService.service, throttle, proxyTrust: config, allowedClients: membersApiClients, totp, passkeys, limits: selfService.limits };
  const adminApiDeps = { provider, accounts, admin, allowedClients: membersApiClients, limits: selfService.limits };
  let callback = provider.callback();
  // Every holder of the provider gets the rebuilt one; its state is all in the store, so nothing is lost.
  const stopFollowing = followSigningKey(providerStore.keys, jwks.keys[0].kid, async () => {
    const signingKeys = await providerStore.keys.load();
    provider = buildProvider(signingKeys);
    callback = provider.callback();
    runtime.provider = interactionDeps.provider = accountApiDeps.provider = adminApiDeps.provider = provider;
    return signingKeys.keys[0].kid;
  });
  const prune = () => {
    providerStore.models.pruneExpired().catch((err: Error) => logger.warn('identity: pruning expired provider models failed', { error: err.message }));
    tokens.prune().catch((err: Error) => logger.warn('identity: pruning the account tokens failed', { error: err.message }));
  };
  prune();
  const pruning = setInterval(prune, 60 * 60_000);
  pruning.unref();
  let open = true;

  const toProvider = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const withOriginal = req as IncomingMessage & { originalUrl?: string };
    const query = req.url?.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
    withOriginal.originalUrl = `${MOUNT}${path}${query}`;
    req.url = `${path}${query}`;
    return callback(req, res) as unknown as Promise<void>;
  };

  /** A method the provider's endpoint does not take: 405 with Allow and an OAuth error body (it says a plain 404). */
  const refusedMethod = (req: IncomingMessage, res: ServerResponse, path: string) => {
    const allowed = methodsRefusing(path, req.method);
    if (!allowed) return false;
    sendJson(res, 405, { error: 'invalid_request', error_description: `this endpoint takes ${allowed.join(' and ')} only` }, { allow: allowHeader(allowed) });
    return true;
  };

  /** `/identity/api/*`: the account, organization administration and member APIs, else a 404. */
  const serveApi = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (await handleAccountApi(accountApiDeps, req, res, url)) return;
    if (await handleOrganizationAdminApi(adminApiDeps, req, res, url)) return;
    if (await handleMembersApi(provider, accounts, membersApiClients, req, res, url)) return;
    sendNoSuchApi(res);
  };

  return {
    name: 'identity',
    async handle(req, res, url) {
      const p = url.pathname;
      if (p === ROOT_DISCOVERY) {
        if (!refusedMethod(req, res, ROOT_DISCOVERY)) await toProvider(req, res, ROOT_DISCOVERY);
        return true;
      }
      if (p !== MOUNT && !p.startsWith(`${MOUNT}/`)) return false;
      if (p.startsWith(`${MOUNT}/interaction/`)) return handleInteraction(interactionDeps, req, res, url);
      if (await handleSelfService(selfService, req, res, url)) return true;
      if (await handleInvitation(invitationDeps, req, res, url)) return true;
      if (p.startsWith(`${MOUNT}/api/`)) {
        // Caught here: the outer server's catch-all answers in the Place API's error shape.
        await serveApi(req, res, url).catch((err: unknown) => sendServerError(res, p, err));
        return true;
      }
      const path = p.slice(MOUNT.length) || '/';
      if (!refusedMethod(req, res, path)) await toProvider(req, res, path);
      return true;
    },
    ready: () => open && directory.ready() && providerStore.health() === true,
    health: () => ({
      'identity.directory': directory.ready() ? true : `down: ${directory.describe()}`,
      'identity.provider': providerStore.health(),
    }),
    async close() {
      open = false;
      clearInterval(pruning);
      stopFollowing();
      mailer.close();
      unpublish(IDENTITY_RUNTIME);
      await providerStore.close();
      await directory.close();
    },
  };
}
