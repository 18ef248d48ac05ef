import fs from 'node:fs';
import { commandLineActor } from './audit';
import { CliError, need, type CliCommand, type CliOptions, type CliRun, type CliStores } from './cli-command';
import { DEFAULT_CLIENT_SCOPE, type ClientAuthMethod } from './clients';
import { RESPONSE_TYPES } from './constants';
import { frontchannelLogoutUriProblem } from './frontchannel-uri';

const GRANTS = new Set(['authorization_code', 'implicit', 'refresh_token', 'client_credentials', 'password']);
const AUTH_METHODS = new Set(['client_secret_basic', 'client_secret_post', 'private_key_jwt']);

function urls(list: string[] | undefined, flag: string): string[] {
  for (const uri of list ?? []) if (!URL.canParse(uri)) throw new CliError(`--${flag} ${uri} is not a URL`);
  return list ?? [];
}

/** The grants and response types asked for, each one known. */
function grantsOf(o: CliOptions) {
  const grants = need(o.grant, 'grant');
  for (const g of grants) if (!GRANTS.has(g)) throw new CliError(`unknown grant ${g}`);
  const responseTypes = o['response-type'] ?? (grants.includes('authorization_code') ? ['code'] : []);
  for (const t of responseTypes) if (!RESPONSE_TYPES.includes(t)) throw new CliError(`unknown response type ${t}`);
  return { grants, responseTypes };
}

/** How the client authenticates, with its public keys for private_key_jwt. */
function authenticationOf(o: CliOptions) {
  const authMethod = (o['auth-method'] ?? 'client_secret_basic') as ClientAuthMethod;
  if (!AUTH_METHODS.has(authMethod)) throw new CliError(`unknown auth method ${authMethod}`);
  const jwks = o['jwks-file'] ? (JSON.parse(fs.readFileSync(o['jwks-file'], 'utf8')) as { keys: Record<string, unknown>[] }) : undefined;
  if (authMethod === 'private_key_jwt' && !jwks) throw new CliError('private_key_jwt needs --jwks-file with the public keys');
  return { authMethod, jwks };
}

async function createClient({ providerStore: { clients }, directory: { accounts }, o, actor }: CliCommand): Promise<string> {
  const { grants, responseTypes } = grantsOf(o);
  const { authMethod, jwks } = authenticationOf(o);
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

async function listClients({ providerStore: { clients } }: CliCommand): Promise<string> {
  return (await clients.list())
    .map((c) => `${c.clientId}\t${c.metadata.client_name}\t${(c.metadata.grant_types as string[]).join(',')}\t${c.metadata.token_endpoint_auth_method}`)
    .join('\n');
}

/** `clients …`: the OpenID clients and their secrets. */
export const CLIENT_COMMANDS: [string, CliRun][] = [
  ['clients create', createClient],
  ['clients list', listClients],
];

/** `keys rotate`: a new signing key, published at once, signed with a few seconds later by every instance. */
export async function rotateSigningKey({ providerStore, directory }: CliStores): Promise<string> {
  const { kid, retired } = await providerStore.keys.rotate();
  await directory.audit.record({ actor: commandLineActor(), action: 'signing_key.rotated', subject: kid, details: { stillPublished: retired } });
  return `new signing key ${kid}; still published: ${retired.join(', ') || 'none'}. Every instance publishes it within 5 s and signs with it from 6 to 11 s after now, without a restart.`;
}
