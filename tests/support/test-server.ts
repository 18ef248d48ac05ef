import { loadConfig, type AppConfig } from '@/lib/config/env';
import { createApp } from '@/lib/app/create-app';
import { openApiClients } from '@/lib/places/auth/api-clients';
import type { ApiClients } from '@/lib/places/auth/api-clients/types';
import { CLIENTS_FILE, ClientStore } from '@/lib/places/auth/client-store';
import type { AppServer, AppServerOptions } from '@/lib/app/app-server';
import { SecretBox } from '@/lib/core/secret-box';
import { tempDataDir } from './temp-dirs';

export { removeTempDataDirs, tempDataDir } from './temp-dirs';

/**
 * The real server without the Next.js app: the Place API, the identity server and /healthz, on the port the kernel
 * gives its bind (port 0) unless one is given; `config` is the configuration after the bind, with the URLs that
 * derive from the port naming it.
 */
export async function startApiServer(
  overrides: Partial<AppConfig> & { env?: Record<string, string> } = {},
  options: Omit<AppServerOptions, 'web'> = {},
): Promise<AppServer & { config: AppConfig }> {
  const port = overrides.port ?? 0;
  // The port, so that what derives from it (the public URL, the Place API's URL) names this server once bound; the
  // run's search deadline (vitest.config.ts), which the server's searches read from the configuration it publishes.
  const base = loadConfig({ NODE_ENV: 'test', PORT: String(port), PLACES_SEARCH_DEADLINE_MS: process.env.PLACES_SEARCH_DEADLINE_MS, ...overrides.env });
  const config: AppConfig = {
    ...base,
    host: '127.0.0.1',
    port,
    dataDir: overrides.dataDir ?? tempDataDir('api'),
    placesSeedCount: 2000,
    // No test of the API servers routes a trip: generating the demo roads would only slow each start.
    roadsDemo: false,
    // Tests count travelers' reviews into the search order when they ask (travelerRanking().now()), not on a timer.
    placesRankingSeconds: 86_400,
    logRequests: false,
    ...overrides,
  };
  const app = await createApp(config, { ...options, web: false });
  return Object.assign(app, { config: app.context.config });
}

/** The running server's Place API client store, as `npm run places:clients` opens it (close it after use). */
export function openClientStore(app: AppServer): ClientStore {
  return new ClientStore(app.context.dataDir.file(CLIENTS_FILE), new SecretBox(app.context.secrets.encryptionKeys));
}

/**
 * The running server's Place API clients on its own engine (the SQLite file, or PostgreSQL with DATABASE_URL), as
 * `npm run places:clients` opens them: a separate instance, so on PostgreSQL the server sees a change within its
 * client cache's time (close it after use).
 */
export function openAppClients(app: AppServer): Promise<ApiClients> {
  return openApiClients(app.context.config, app.context.dataDir, new SecretBox(app.context.secrets.encryptionKeys));
}
