import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { DatabaseConfig } from '@/lib/config/env';
import { openDataDir } from '@/lib/core/data-dir';
import { SecretBox } from '@/lib/core/secret-box';
import { loadSecrets } from '@/lib/core/secrets';
import { commandLineActor } from './audit';
import { endAccountSessions } from './account-models';
import { openIdentityDirectory } from './directory';
import { AccountError } from './directory/types';
import { DEFAULT_CLIENT_SCOPE, type ClientAuthMethod } from './clients';
import { frontchannelLogoutUriProblem } from './frontchannel-uri';
import { openProviderStore } from './provider-store';
import { generatePassword } from './passwords';
import { RESPONSE_TYPES } from './constants';
import type { IdentityDirectory } from './directory/types';

export const CLI_USAGE = `usage: npm run identity -- <command> [options]
  (works on $DATA_DIR, default ./.data; with $DATABASE_URL, clients and signing keys are in PostgreSQL)

  users create --username U --email E --given-name G --family-name F [--password P] [--verified]
  users set-password U [--password P]        (a generated password is printed once when none is given)
  users verify-email U
  users list
  orgs create --name N [--id ID]
  orgs list
  roles create --org ORG_ID --name N [--id ID]
  memberships add --user U --org ORG_ID (--admin | --role ROLE_ID [--role ROLE_ID ...])
  memberships remove --user U --org ORG_ID
  clients create --name N --grant G [--grant G ...] [--response-type T ...] [--redirect-uri URI ...]
                 [--auth-method client_secret_basic|client_secret_post|private_key_jwt] [--jwks-file FILE]
                 [--post-logout-redirect-uri URI ...] [--backchannel-logout-uri URI] [--frontchannel-logout-uri URI]
                 [--scope "openid email ..."] [--first-party] [--id CLIENT_ID]
                 (the client secret is printed once)
  clients list
  keys rotate                                 (published within 5 s; instances sign with it 6 to 11 s later)
  audit list [--org ORG_ID]                   (newest first; without --org, the events of no organization)`;

export class CliError extends Error {}

const GRANTS = new Set(['authorization_code', 'implicit', 'refresh_token', 'client_credentials', 'password']);
const AUTH_METHODS = new Set(['client_secret_basic', 'client_secret_post', 'private_key_jwt']);

const OPTIONS = {
  username: { type: 'string' },
  email: { type: 'string' },
  'given-name': { type: 'string' },
  'family-name': { type: 'string' },
  password: { type: 'string' },
  verified: { type: 'boolean' },
  name: { type: 'string' },
  id: { type: 'string' },
  org: { type: 'string' },
  user: { type: 'string' },
  admin: { type: 'boolean' },
  role: { type: 'string', multiple: true },
  grant: { type: 'string', multiple: true },
  'response-type': { type: 'string', multiple: true },
  'redirect-uri': { type: 'string', multiple: true },
  'post-logout-redirect-uri': { type: 'string', multiple: true },
  'auth-method': { type: 'string' },
  'jwks-file': { type: 'string' },
  'backchannel-logout-uri': { type: 'string' },
  'frontchannel-logout-uri': { type: 'string' },
  scope: { type: 'string' },
  'first-party': { type: 'boolean' },
} as const;

function need<T>(value: T | undefined, flag: string): T {
  if (value === undefined || value === '') throw new CliError(`missing --${flag}`);
  return value;
}

function urls(list: string[] | undefined, flag: string): string[] {
  for (const uri of list ?? []) if (!URL.canParse(uri)) throw new CliError(`--${flag} ${uri} is not a URL`);
  return list ?? [];
}

/**
 * Runs one command against the identity stores in dataDir, or in PostgreSQL when `database` (DATABASE_URL) is given,
 * as the server does; returns what to print.
 */
export async function runIdentityCli(argv: string[], dataDir: string, database: DatabaseConfig | null = null): Promise<string> {
  const { values: o, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  const [area, action, subject] = positionals;
  fs.mkdirSync(dataDir, { recursive: true });
  const providerStore = await openProviderStore({ database }, { file: (name) => path.join(dataDir, name) }, new SecretBox(loadSecrets(openDataDir(dataDir)).encryptionKeys));
  let directory: IdentityDirectory;
  try {
    directory = await openIdentityDirectory({ database }, { file: (name: string) => path.join(dataDir, name) });
  } catch (err) {
    await providerStore.close();
    throw err;
  }
  const { clients } = providerStore;
  const { accounts } = directory;
  if (area === 'keys' && action === 'rotate') {
    try {
      const { kid, retired } = await providerStore.keys.rotate();
      await directory.audit.record({ actor: commandLineActor(), action: 'signing_key.rotated', subject: kid, details: { stillPublished: retired } });
      return `new signing key ${kid}; still published: ${retired.join(', ') || 'none'}. Every instance publishes it within 5 s and signs with it from 6 to 11 s after now, without a restart.`;
    } finally {
      await providerStore.close();
      await directory.close();
    }
  }

  const actor = commandLineActor();
  const user = async (login: string | undefined, flag = 'user') => {
    const row = await accounts.findByLogin(need(login, flag));
    if (!row) throw new CliError(`no user ${login}`);
    return row;
  };
  try {
    switch (`${area} ${action}`) {
      case 'users create': {
        const password = o.password ?? generatePassword();
        const created = await accounts.createUser({
          username: need(o.username, 'username'),
          email: need(o.email, 'email'),
          givenName: need(o['given-name'], 'given-name'),
          familyName: need(o['family-name'], 'family-name'),
          password,
          emailVerified: o.verified ?? false,
        });
        return `created user ${created.username} (${created.id})${o.password ? '' : `\npassword (shown once): ${password}`}`;
      }
      case 'users set-password': {
        const row = await user(subject ?? o.user ?? o.username, 'user');
        const password = o.password ?? generatePassword();
        await accounts.setPassword(row.id, password);
        // As a reset by the owner: every session, grant and token of the account ends with the old password, and
        // (in setPassword, the same transaction) every open reset and confirmation link of the account.
        const ended = await endAccountSessions(providerStore.models, row.id);
        await directory.audit.record({ actor: commandLineActor(), action: 'account.password_reset', subject: row.username, details: { endedSessionsAndTokens: ended } });
        return `password set for ${row.username}, ${ended} sessions and tokens ended${o.password ? '' : `\npassword (shown once): ${password}`}`;
      }
      case 'users verify-email': {
        const row = await user(subject ?? o.user ?? o.username, 'user');
        await accounts.setEmailVerified(row.id, true);
        return `e-mail ${row.email} of ${row.username} is verified`;
      }
      case 'users list':
        return (await accounts.listUsers())
          .map((u) => `${u.username}\t${u.email}${u.email_verified ? '' : ' (unverified)'}\t${u.id}`)
          .join('\n');
      case 'orgs create':
        return `created organization ${await accounts.createOrganization(need(o.name, 'name'), o.id, actor)}`;
      case 'orgs list':
        return (await accounts.listOrganizations()).map((g) => `${g.id}\t${g.name}`).join('\n');
      case 'roles create':
        return `created role ${await accounts.createRole(need(o.org, 'org'), need(o.name, 'name'), o.id, actor)}`;
      case 'memberships add': {
        const row = await user(o.user);
        if (!o.admin && !o.role?.length) throw new CliError('give --admin or at least one --role');
        await accounts.setMembership(row.id, need(o.org, 'org'), { isAdministrator: o.admin ?? false, roleIds: o.admin ? [] : (o.role ?? []) }, actor);
        return `${row.username} is ${o.admin ? 'an administrator' : `a member (${o.role!.join(', ')})`} of ${o.org}`;
      }
      case 'memberships remove': {
        const row = await user(o.user);
        if (!(await accounts.removeMembership(row.id, need(o.org, 'org'), actor))) throw new CliError(`${row.username} is not a member of ${o.org}`);
        return `${row.username} removed from ${o.org}`;
      }
      case 'clients create': {
        const grants = need(o.grant, 'grant');
        for (const g of grants) if (!GRANTS.has(g)) throw new CliError(`unknown grant ${g}`);
        const responseTypes = o['response-type'] ?? (grants.includes('authorization_code') ? ['code'] : []);
        for (const t of responseTypes) if (!RESPONSE_TYPES.includes(t)) throw new CliError(`unknown response type ${t}`);
        const authMethod = (o['auth-method'] ?? 'client_secret_basic') as ClientAuthMethod;
        if (!AUTH_METHODS.has(authMethod)) throw new CliError(`unknown auth method ${authMethod}`);
        const jwks = o['jwks-file'] ? (JSON.parse(fs.readFileSync(o['jwks-file'], 'utf8')) as { keys: Record<string, unknown>[] }) : undefined;
        if (authMethod === 'private_key_jwt' && !jwks) throw new CliError('private_key_jwt needs --jwks-file with the public keys');
        const redirectUris = urls(o['redirect-uri'], 'redirect-uri');
        if (responseTypes.length && !redirectUris.length) throw new CliError('give at least one --redirect-uri');
        // The server checks again in its own mode: outside a demo, http on loopback is refused too.
        const frontchannelProblem = o['frontchannel-logout-uri'] && frontchannelLogoutUriProblem(o['frontchannel-logout-uri'], redirectUris, true);
        if (frontchannelProblem) throw new CliError(frontchannelProblem);
        const created = await clients.create({
          clientId: o.id,
          clientName: need(o.name, 'name'),
          grantTypes: grants,
          responseTypes,
          redirectUris,
          postLogoutRedirectUris: urls(o['post-logout-redirect-uri'], 'post-logout-redirect-uri'),
          authMethod,
          jwks,
          scope: o.scope ?? DEFAULT_CLIENT_SCOPE,
          backchannelLogoutUri: urls(o['backchannel-logout-uri'] ? [o['backchannel-logout-uri']] : [], 'backchannel-logout-uri')[0],
          frontchannelLogoutUri: urls(o['frontchannel-logout-uri'] ? [o['frontchannel-logout-uri']] : [], 'frontchannel-logout-uri')[0],
          firstParty: o['first-party'],
        });
        await accounts.audit.record({ actor, action: 'client.created', subject: created.clientId, details: { name: created.metadata.client_name } });
        return `created client ${created.clientId}${created.clientSecret ? `\nclient secret (shown once): ${created.clientSecret}` : ''}`;
      }
      case 'audit list':
        return (await accounts.audit.list(o.org ?? null, 200))
          .map((e) => `${e.at}\t${e.actor}\t${e.action}\t${e.subject}\t${JSON.stringify(e.details)}`)
          .join('\n');
      case 'clients list':
        return (await clients.list())
          .map((c) => `${c.clientId}\t${c.metadata.client_name}\t${(c.metadata.grant_types as string[]).join(',')}\t${c.metadata.token_endpoint_auth_method}`)
          .join('\n');
      default:
        throw new CliError(CLI_USAGE);
    }
  } catch (err) {
    if (err instanceof AccountError) throw new CliError(err.message);
    if (err instanceof Error && /UNIQUE constraint|duplicate key value/.test(err.message)) throw new CliError('that id is taken');
    throw err;
  } finally {
    await providerStore.close();
    await directory.close();
  }
}
