import { type AppServer } from '@/lib/app/app-server';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { signPlacesRequest } from '@/lib/places/auth/hmac';
import { createTestDatabase } from '../../support/postgres';
import { startApiServer } from '../../support/test-server';

export interface Credentials {
  client_id: string;
  secret_key: string;
}

export interface PlacesTestServer {
  app: AppServer;
  url: string;
  /** The demo clients: the public one and one per organization, by organization id. */
  publicClient: Credentials;
  orgClients: Record<string, Credentials>;
  get(pathAndQuery: string, client?: Credentials, init?: RequestInit): Promise<Response>;
  json<T = unknown>(pathAndQuery: string, client?: Credentials): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export type PlacesBackend = 'sqlite' | 'postgres';
let backend: PlacesBackend = 'sqlite';

/** Which engine the servers of this test file store places in: a file that runs a suite again on PostgreSQL sets it first. */
export function setPlacesBackend(which: PlacesBackend): void {
  backend = which;
}

/**
 * The real server (no Next.js) with the seeded dataset and the demo clients, and a signing fetch; on PostgreSQL, a
 * database of its own on the run's primary, read through its streaming replica.
 */
export async function startPlacesServer(databaseEnv?: Record<string, string>): Promise<PlacesTestServer> {
  const database = backend === 'postgres' && !databaseEnv ? await createTestDatabase('api') : null;
  const env: Record<string, string> = databaseEnv ?? (database ? { DATABASE_URL: database.url, DATABASE_READ_URLS: database.readUrls.join(',') } : {});
  const app = await startApiServer({ demo: true, env });
  const creds = readDemoCredentials(app.context.dataDir);
  const publicClient = creds.places_api!;
  const orgClients = Object.fromEntries(creds.places_api_clients!.map((c) => [c.organization_id, { client_id: c.client_id, secret_key: c.secret_key }]));
  const get = (pathAndQuery: string, client: Credentials = orgClients['org-summit-rv'], init: RequestInit = {}) => {
    // Sign what fetch will send: it percent-encodes characters such as spaces and quotes.
    const target = new URL(pathAndQuery, app.url);
    return fetch(target, {
      ...init,
      headers: {
        'content-type': 'application/json',
        'svc-org-app-client-id': client.client_id,
        'svc-org-app-hmac': signPlacesRequest(target.pathname + target.search, client.secret_key),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  };
  return {
    app,
    url: app.url,
    publicClient,
    orgClients,
    get,
    async json<T>(pathAndQuery: string, client?: Credentials) {
      const res = await get(pathAndQuery, client);
      return { status: res.status, body: (await res.json()) as T };
    },
    async close() {
      await app.close();
      await database?.drop();
    },
  };
}
