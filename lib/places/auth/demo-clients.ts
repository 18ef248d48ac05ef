import { DEMO_ORGANIZATIONS } from '@/lib/demo/organizations';
import type { DataDir } from '@/lib/server/data-dir';
import { readDemoCredentials, recordDemoCredentials } from '@/lib/server/demo-credentials';
import { demoAccountConfig, PUBLIC_ACCESS } from './account';
import type { ApiClients } from './api-clients/types';

/** Creates the public client and one client per demo organization, once; their secrets go to demo-credentials.json. */
export async function ensureDemoClients(clients: Pick<ApiClients, 'get' | 'create'>, dataDir: DataDir): Promise<void> {
  const recorded = readDemoCredentials(dataDir);
  const stillThere = recorded.places_api && (await clients.get(recorded.places_api.client_id));
  const others = await Promise.all((recorded.places_api_clients ?? []).map((c) => clients.get(c.client_id)));
  if (stillThere && recorded.places_api_clients && others.every(Boolean)) return;

  const pub = await clients.create({ name: 'Explorer (public visitors)', organizationId: null, config: PUBLIC_ACCESS });
  const perOrg = [];
  for (const org of DEMO_ORGANIZATIONS) {
    const c = await clients.create({ name: `${org.name} (demo)`, organizationId: org.id, config: demoAccountConfig(org.kind) });
    perOrg.push({ organization_id: org.id, organization_name: org.name, client_id: c.client_id, secret_key: c.secret_key });
  }
  recordDemoCredentials(dataDir, {
    places_api: { client_id: pub.client_id, secret_key: pub.secret_key },
    places_api_clients: perOrg,
  });
}
