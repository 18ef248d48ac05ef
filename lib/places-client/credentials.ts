import 'server-only';
import path from 'node:path';
import { activeOrganizationPlacesClient } from '@/lib/auth/active-organization';
import { appConfig } from '@/lib/config/runtime';
import { readDemoCredentials } from '@/lib/core/demo-credentials';

export interface PlacesCredentials {
  clientId: string;
  secretKey: string;
  /** The organization whose account configuration applies; null for the public client. */
  organizationId: string | null;
}

/**
 * Who is asking: the incoming request's headers (cookies included), from a route handler (`request.headers`) or a
 * server component (`await headers()`). Sign-in reads the session from them.
 */
export interface PlacesCallerContext {
  headers: Headers;
}

/**
 * The single place that decides which Place API client signs a call: the signed-in person's active organization's
 * client (chosen from the session on the server, never from a value the browser sends), else the public client:
 * `PLACES_API_CLIENT_ID` + `PLACES_API_SECRET_KEY`, else the demo `places_api` entry in `DATA_DIR`.
 */
export async function resolvePlacesCredentials(context: PlacesCallerContext): Promise<PlacesCredentials | null> {
  if (context.headers.get('cookie')?.includes('session-token')) {
    const organization = await activeOrganizationPlacesClient(context);
    if (organization) return organization;
  }
  const { placesApi, dataDir } = appConfig();
  if (placesApi.publicClient) return { ...placesApi.publicClient, organizationId: null };
  const demo = readDemoCredentials({ file: (name: string) => path.join(dataDir, name) }).places_api;
  return demo ? { clientId: demo.client_id, secretKey: demo.secret_key, organizationId: null } : null;
}
