import { DEMO_ORGANIZATIONS, DEMO_USERS } from '@/lib/demo/organizations';
import { recordDemoCredentials, type DemoCredentials } from '@/lib/core/demo-credentials';
import type { DataDir } from '@/lib/core/data-dir';
import type { IdentityDirectory } from './directory/types';
import { DEMO_SEED_ACTOR } from './audit';
import type { Clients, CreatedClient, NewClient } from './clients';
import { generatePassword } from './passwords';
import { RESPONSE_TYPES } from './constants';

export const EXPLORER_CLIENT_ID = 'explorer';
export const TEST_CLIENT_ID = 'oidc-test-client';
/** The test client's loopback redirect URIs (nothing needs to listen there: tests read the redirect). */
const ABOUT = {
  explorer: 'The Explorer web app (next-auth): first party, consent skipped.',
  tester: 'A third-party test client: every grant and response type, loopback redirect URIs, asks for consent.',
};
export const TEST_REDIRECT_URIS = ['http://127.0.0.1:8976/callback', 'http://localhost:8976/callback'];

/**
 * Registers a demo client, or takes it as it is when it exists already: on a store shared by several instances
 * (PostgreSQL) another instance may have registered it, maybe at this very moment. Its secret is then the stored one.
 */
async function registerDemoClient(clients: Clients, input: NewClient & { clientId: string }): Promise<CreatedClient> {
  try {
    return await clients.create(input);
  } catch (err) {
    const existing = await clients.find(input.clientId);
    if (!existing) throw err;
    return { clientId: input.clientId, clientSecret: existing.client_secret as string | undefined, metadata: existing };
  }
}

/** Seeds the demo organizations, users and clients into an empty store and records their generated secrets. */
export async function seedDemo(directory: Pick<IdentityDirectory, 'accounts' | 'moderators'>, clients: Clients, publicUrl: string, dataDir: Pick<DataDir, 'file'>) {
  const { accounts } = directory;
  for (const org of DEMO_ORGANIZATIONS) {
    await accounts.createOrganization(org.name, org.id, DEMO_SEED_ACTOR);
    for (const role of org.roles) await accounts.createRole(org.id, role.name, role.id, DEMO_SEED_ACTOR);
  }
  const users: NonNullable<DemoCredentials['users']> = [];
  for (const demo of DEMO_USERS) {
    const password = generatePassword();
    const user = await accounts.createUser({
      id: `user-${demo.username}`,
      username: demo.username,
      email: demo.email,
      password,
      givenName: demo.givenName,
      familyName: demo.familyName,
      emailVerified: demo.emailVerified,
    });
    for (const m of demo.memberships) {
      await accounts.setMembership(user.id, m.organizationId, { isAdministrator: m.isAdministrator === true, roleIds: m.roleIds }, DEMO_SEED_ACTOR);
    }
    if (demo.moderator) await directory.moderators.set(user.id, true, DEMO_SEED_ACTOR);
    users.push({ username: demo.username, password, about: demo.about });
  }

  const explorer = await registerDemoClient(clients, {
    clientId: EXPLORER_CLIENT_ID,
    clientName: 'Trip Explorer',
    grantTypes: ['authorization_code', 'refresh_token'],
    responseTypes: ['code'],
    redirectUris: [`${publicUrl}/api/auth/callback/identity`],
    postLogoutRedirectUris: [`${publicUrl}/`],
    authMethod: 'client_secret_basic',
    backchannelLogoutUri: `${publicUrl}/api/auth/backchannel-logout`,
    firstParty: true,
    about: ABOUT.explorer,
  });
  const tester = await registerDemoClient(clients, {
    clientId: TEST_CLIENT_ID,
    clientName: 'OIDC Test Client',
    grantTypes: ['authorization_code', 'implicit', 'refresh_token', 'client_credentials', 'password'],
    responseTypes: RESPONSE_TYPES,
    redirectUris: TEST_REDIRECT_URIS,
    postLogoutRedirectUris: TEST_REDIRECT_URIS.map((uri) => uri.replace(/\/callback$/, '/logged-out')),
    authMethod: 'client_secret_basic',
    about: ABOUT.tester,
  });

  recordDemoCredentials(dataDir, {
    users,
    oidc_clients: [explorer, tester].map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret!,
      redirect_uris: c.metadata.redirect_uris as string[],
      about: c.clientId === EXPLORER_CLIENT_ID ? ABOUT.explorer : ABOUT.tester,
    })),
  });
}
