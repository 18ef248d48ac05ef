import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import type { AppConfig, OrganizationPlacesClient } from '@/lib/config/env';
import { appConfig } from '@/lib/config/runtime';
import { readDemoCredentials } from '@/lib/core/demo-credentials';

export type { OrganizationPlacesClient };

const demoSchema = z.array(z.object({ organization_id: z.string().min(1), client_id: z.string().min(1), secret_key: z.string().min(1) }));

type Settings = Pick<AppConfig, 'placesApi' | 'dataDir'>;

/**
 * The Place API client of each organization: `PLACES_API_ORG_CLIENTS` (a JSON array of
 * `{organization_id, organization_name, client_id, secret_key}`, validated at start-up), else the demo seed's
 * `places_api_clients`.
 */
export function organizationPlacesClients(config: Settings = appConfig()): OrganizationPlacesClient[] {
  if (config.placesApi.orgClients) return config.placesApi.orgClients;
  const demo = readDemoCredentials({ file: (name: string) => path.join(config.dataDir, name) }).places_api_clients;
  const entries = demoSchema.safeParse(demo ?? []).data ?? [];
  return entries.map((e) => ({ clientId: e.client_id, secretKey: e.secret_key, organizationId: e.organization_id }));
}

export function placesClientForOrganization(organizationId: string, config: Settings = appConfig()): OrganizationPlacesClient | null {
  return organizationPlacesClients(config).find((c) => c.organizationId === organizationId) ?? null;
}
