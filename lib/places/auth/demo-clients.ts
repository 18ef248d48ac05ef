import { DEMO_ORGANIZATIONS } from '@/lib/demo/organizations';
import type { DataDir } from '@/lib/core/data-dir';
import { readDemoCredentials, recordDemoCredentials } from '@/lib/core/demo-credentials';
import { demoAccountConfig, PUBLIC_ACCESS } from './account';
import type { ApiClients } from './api-clients/types';

const PUBLIC_NAME = 'Explorer (public visitors)';
const orgClientName = (name: string) => `${name} (demo)`;

/**
 * Creates the public client and one client per demo organization, once; their secrets go to demo-credentials.json.
 * On a store shared by several instances (PostgreSQL), an instance with an empty DATA_DIR takes the demo clients
 * another instance created (the secrets open with the shared SECRETS_ENCRYPTION_KEYS) rather than adding a set.
 */
export async function ensureDemoClients(clients: Pick<ApiClients, 'get' | 'create' | 'list'>, dataDir: DataDir): Promise<void> {
  const recorded = readDemoCredentials(dataDir);
  const stillThere = recorded.places_api && (await clients.get(recorded.places_api.client_id));
  const others = await Promise.all((recorded.places_api_clients ?? []).map((c) => clients.get(c.client_id)));
  if (stillThere && recorded.places_api_clients && others.every(Boolean)) return;

  const existing = (await clients.list()).filter((c) => !c.disabled);
  const takeOrCreate = async (name: string, organizationId: string | null, config: Parameters<ApiClients['create']>[0]['config']) => {
    const found = existing.find((c) => c.name === name && (c.organization_id ?? null) === organizationId);
    return (found && (await clients.get(found.client_id))) || clients.create({ name, organizationId, config });
  };
  const pub = await takeOrCreate(PUBLIC_NAME, null, PUBLIC_ACCESS);
  const perOrg = [];
  for (const org of DEMO_ORGANIZATIONS) {
    const c = await takeOrCreate(orgClientName(org.name), org.id, demoAccountConfig(org.kind));
    perOrg.push({ organization_id: org.id, organization_name: org.name, client_id: c.client_id, secret_key: c.secret_key });
  }
  recordDemoCredentials(dataDir, {
    places_api: { client_id: pub.client_id, secret_key: pub.secret_key },
    places_api_clients: perOrg,
  });
}
