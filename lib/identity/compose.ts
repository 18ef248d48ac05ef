import type { ServerContext } from '@/lib/server/subsystem';
import type { ProxyTrust } from '@/lib/server/client-address';
import { logger } from '@/lib/core/logger';
import { SecretBox } from '@/lib/core/secret-box';
import { accountSessions } from './account-models';
import { buildProvider } from './build-provider';
import type { AccountSessions } from './directory/types';
import { FreshLogins } from './fresh-logins';
import type { IdentityStores } from './identity-stores';
import type { PrivateJwk } from './keys';
import { createMailer, type Mailer, OUTBOX_DIR } from './mail/mailer';
import { OrganizationAdmin } from './organization-admin';
import type { IdentityRuntime } from './runtime';
import { CodeThrottle } from './second-factor/code-throttle';
import { passkeyChallenges, Passkeys } from './second-factor/passkeys';
import { PendingLogins } from './second-factor/pending-logins';
import { TotpFactor } from './second-factor/totp';
import { FormCsrf } from './self-service/form-csrf';
import { SelfServiceLimits } from './self-service/limits';
import { SelfService } from './self-service/service';
import { AccountTokens } from './self-service/tokens';
import { LoginThrottle } from './throttle';

/**
 * What the identity server's parts are built from, made once: the interactions, the self-service and invitation
 * pages and the account, member and administration APIs are all handed this one object (each reads the fields its
 * own deps type names), and the Next pages reach it as the IdentityRuntime. `provider` is the one field that changes:
 * it is rebuilt when the signing key rotates.
 */
export interface IdentityDeps extends IdentityRuntime {
  sessions: AccountSessions;
  throttle: LoginThrottle;
  codeThrottle: CodeThrottle;
  proxyTrust: ProxyTrust;
  totp: TotpFactor;
  passkeys: Passkeys;
  pending: PendingLogins;
  freshLogins: FreshLogins;
  tokens: AccountTokens;
  mailer: Mailer;
  admin: OrganizationAdmin;
  selfService: SelfService;
  csrf: FormCsrf;
  /** Each address's budget of self-service and administration requests (the server's LimitStore is ctx.limits). */
  limits: SelfServiceLimits;
  /** The first-party clients whose access tokens the account, member and administration APIs take. */
  allowedClients: ReadonlySet<string>;
}

/** The mailer, and one line that says where identity mail goes. */
function openMailer({ config, dataDir }: ServerContext): Mailer {
  const mailer = createMailer({ ...config.mail, outboxDir: dataDir.file(OUTBOX_DIR) });
  if (config.mail.smtpUrl) logger.info('identity mail goes through SMTP', { smtp: mailer.destination });
  else if (config.demo) logger.info(`identity mail is written as .eml files to ${mailer.destination} (no SMTP_URL)`, { outbox: mailer.destination });
  else logger.warn(`SMTP_URL is not set: identity mail (sign-up, password reset, invitations) is only written to ${mailer.destination}`);
  return mailer;
}

/** Builds every part of the identity server once, over its stores, with the provider signing with `signingKeys`. */
export function composeIdentity(ctx: ServerContext, stores: IdentityStores, signingKeys: { keys: PrivateJwk[] }): IdentityDeps {
  const { config, secrets } = ctx;
  const { accounts } = stores.directory;
  const { models } = stores.providerStore;
  const throttle = new LoginThrottle(ctx.limits);
  const totp = new TotpFactor(stores.directory.totp, new SecretBox(secrets.encryptionKeys));
  const provider = buildProvider(ctx, stores, { throttle, totp }, signingKeys);
  const { hostname, origin } = new URL(config.publicUrl);
  const passkeys = new Passkeys(stores.directory.passkeys, passkeyChallenges(models), hostname, origin);
  const mailer = openMailer(ctx);
  const tokens = new AccountTokens(stores.directory.tokens);
  // Sign-in sessions are provider models: they live where the provider store keeps them.
  const sessions = accountSessions(models);
  const secureCookies = config.publicUrl.startsWith('https:');
  const factors = async (userId: string) => ({ totp: await totp.enabled(userId), passkeys: await passkeys.list(userId) });
  return {
    provider,
    accounts,
    moderators: stores.directory.moderators,
    cookieKeys: secrets.identityCookieKeys,
    sessions,
    throttle,
    codeThrottle: new CodeThrottle(ctx.limits),
    proxyTrust: config,
    totp,
    passkeys,
    pending: new PendingLogins(models),
    freshLogins: new FreshLogins(models, secureCookies),
    tokens,
    mailer,
    admin: new OrganizationAdmin(accounts, tokens, mailer, config.publicUrl),
    selfService: new SelfService(accounts, sessions, tokens, mailer, config.publicUrl, factors),
    csrf: new FormCsrf(secrets.identityCookieKeys, secureCookies),
    limits: new SelfServiceLimits(ctx.limits, config, config.selfServicePerHour),
    allowedClients: new Set(config.membersApiClients),
  };
}
