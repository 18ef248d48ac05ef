import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { organizationPlacesClients, placesClientForOrganization } from '@/lib/auth/organization-clients';
import { ConfigError, loadConfig } from '@/lib/config/env';
import { tempDataDir } from '../support/temp-dirs';

const entry = { organization_id: 'org-summit-rv', organization_name: 'Summit', client_id: 'c1', secret_key: 's1' };

describe('organization Place API clients', () => {
  it('reads PLACES_API_ORG_CLIENTS first', () => {
    const config = loadConfig({ PLACES_API_ORG_CLIENTS: JSON.stringify([entry]) });
    expect(placesClientForOrganization('org-summit-rv', config)).toEqual({ clientId: 'c1', secretKey: 's1', organizationId: 'org-summit-rv' });
    expect(placesClientForOrganization('org-other', config)).toBeNull();
  });

  it('falls back to the demo seed in DATA_DIR', () => {
    const dir = tempDataDir('auth-clients');
    fs.writeFileSync(path.join(dir, 'demo-credentials.json'), JSON.stringify({ places_api_clients: [entry] }));
    expect(organizationPlacesClients(loadConfig({ DATA_DIR: dir }))).toHaveLength(1);
    expect(organizationPlacesClients(loadConfig({ DATA_DIR: path.join(dir, 'missing') }))).toEqual([]);
  });

  it('refuses a malformed environment value at start-up with one clear message', () => {
    expect(() => loadConfig({ PLACES_API_ORG_CLIENTS: 'nope' })).toThrow(ConfigError);
    expect(() => loadConfig({ PLACES_API_ORG_CLIENTS: 'nope' })).toThrow(/PLACES_API_ORG_CLIENTS/);
    expect(() => loadConfig({ PLACES_API_ORG_CLIENTS: '[{"client_id":"x"}]' })).toThrow(/PLACES_API_ORG_CLIENTS/);
  });
});
