import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { readDemoCredentials } from '@/lib/core/demo-credentials';

const entrySchema = z.object({
  organization_id: z.string().min(1),
  organization_name: z.string().optional(),
  client_id: z.string().min(1),
  secret_key: z.string().min(1),
});
const listSchema = z.array(entrySchema);

export interface OrganizationPlacesClient {
  clientId: string;
  secretKey: string;
  organizationId: string;
}

/**
 * The Place API client of each organization: `PLACES_API_ORG_CLIENTS` (a JSON array of
 * `{organization_id, organization_name, client_id, secret_key}`), else the demo seed's `places_api_clients`.
 */
export function organizationPlacesClients(env: Record<string, string | undefined> = process.env): OrganizationPlacesClient[] {
  let entries: z.infer<typeof listSchema>;
  if (env.PLACES_API_ORG_CLIENTS) {
    let raw: unknown;
    try {
      raw = JSON.parse(env.PLACES_API_ORG_CLIENTS);
    } catch {
      throw new Error('invalid environment: PLACES_API_ORG_CLIENTS must be a JSON array');
    }
    const parsed = listSchema.safeParse(raw);
    if (!parsed.success) throw new Error('invalid environment: PLACES_API_ORG_CLIENTS entries need organization_id, client_id and secret_key');
    entries = parsed.data;
  } else {
    const dataDir = env.DATA_DIR;
    if (!dataDir) return [];
    const demo = readDemoCredentials({ file: (name: string) => path.join(dataDir, name) }).places_api_clients;
    entries = listSchema.safeParse(demo ?? []).data ?? [];
  }
  return entries.map((e) => ({ clientId: e.client_id, secretKey: e.secret_key, organizationId: e.organization_id }));
}

export function placesClientForOrganization(
  organizationId: string,
  env: Record<string, string | undefined> = process.env,
): OrganizationPlacesClient | null {
  return organizationPlacesClients(env).find((c) => c.organizationId === organizationId) ?? null;
}
