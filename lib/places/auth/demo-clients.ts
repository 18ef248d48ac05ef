import { DEMO_ORGANIZATIONS } from '@/lib/demo/organizations';
import type { DataDir } from '@/lib/server/data-dir';
import { readDemoCredentials, recordDemoCredentials } from '@/lib/server/demo-credentials';
import { demoAccountConfig, PUBLIC_ACCESS } from './account';
import type { ClientStore } from './client-store';

/** Creates the public client and one client per demo organization, once; their secrets go to demo-credentials.json. */
export function ensureDemoClients(clients: ClientStore, dataDir: DataDir): void {
  const recorded = readDemoCredentials(dataDir);
  const stillThere = recorded.places_api && clients.get(recorded.places_api.client_id);
  if (stillThere && recorded.places_api_clients?.every((c) => clients.get(c.client_id))) return;

  const pub = clients.create({ name: 'Explorer (public visitors)', organizationId: null, config: PUBLIC_ACCESS });
  const perOrg = DEMO_ORGANIZATIONS.map((org) => {
    const c = clients.create({ name: `${org.name} (demo)`, organizationId: org.id, config: demoAccountConfig(org.kind) });
    return { organization_id: org.id, organization_name: org.name, client_id: c.client_id, secret_key: c.secret_key };
  });
  recordDemoCredentials(dataDir, {
    places_api: { client_id: pub.client_id, secret_key: pub.secret_key },
    places_api_clients: perOrg,
  });
}
