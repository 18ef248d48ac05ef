import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_CLIENT_CONCURRENCY, DEFAULT_RATE_PER_MINUTE } from '@/lib/config/client-budget';
import { parseEncryptionKey } from '@/lib/core/secret-box';

export type AppMode = 'development' | 'production' | 'test';

export interface AppConfig {
  mode: AppMode;
  /** Explicitly a demo: generated secrets and demo accounts are allowed even in production mode. */
  demo: boolean;
  host: string;
  port: number;
  /** Public base URL of this process, without a trailing slash: issuer and callbacks derive from it. */
  publicUrl: string;
  /** The Explorer's public base URL (NEXTAUTH_URL, else publicUrl), without a trailing slash: its links and cookies. */
  appUrl: string;
  /** The OpenID client the Explorer signs in with. */
  explorerClient: ExplorerClientConfig;
  dataDir: string;
  placesSeedCount: number;
  /** The longest a Place API search that must read every match may run before it answers 503 (lib/places/store/deadline.ts). */
  placesSearchDeadlineMs: number;
  /** The Place API as the Explorer's route handlers and pages call it. */
  placesApi: PlacesApiConfig;
  /** A maplibre style the maps draw instead of the offline basemap; null: the offline basemap. */
  mapStyleUrl: string | null;
  logRequests: boolean;
  /** Whether the OpenID provider trusts X-Forwarded-* headers (behind a TLS proxy). */
  trustProxy: boolean;
  /** With trustProxy: how many proxies in front of this process append to X-Forwarded-For (at least 1). */
  trustProxyHops: number;
  /** Client ids whose access tokens the identity server's members API accepts. */
  membersApiClients: string[];
  /** Requests a minute one visitor (client address) may send to the Explorer's route handlers that reach the Place API. */
  explorerRatePerMinute: number;
  /** How many seconds' worth of its rate a Place API client may send at once: the length of its limit's window. */
  placesRateBurstSeconds: number;
  /** How often travelers' reviews are counted into the search order (lib/places/traveler-ranking.ts). */
  placesRankingSeconds: number;
  /** The rate of a Place API client configured without one (`rate_limit_per_minute: null`), a minute. */
  placesDefaultRatePerMinute: number;
  /** Requests of one Place API client this process works on at once; more are answered 429 at once. */
  placesClientConcurrency: number;
  /** PostgreSQL instead of the embedded SQLite, when DATABASE_URL is set. */
  database: DatabaseConfig | null;
  /** The average speed a trip's straight-line legs are timed at. */
  tripsAverageSpeedKmh: number;
  /** Generate the demo road network at start when no network has been imported (ROADS_DEMO; on in demo mode). */
  roadsDemo: boolean;
  /**
   * Who routes on PostgreSQL (ROAD_ROUTER): each instance in its own process, from the hierarchy prepared once and
   * kept in the database (`embedded`, the default and always on SQLite), or pgRouting in the database (`pgrouting`).
   */
  roadRouter: 'embedded' | 'pgrouting';
  /** Where the rate limits and the login throttle count: chosen once at start-up. */
  limits: LimitsConfig;
  /** The bearer token that opens GET /metrics; null: /metrics answers 404. */
  metricsToken: string | null;
  /** Where the identity server's e-mail goes: SMTP, or `.eml` files in DATA_DIR/outbox when smtpUrl is null. */
  mail: { smtpUrl: string | null; from: string };
  /** Sign-ups, reset requests and invitations one client address may send an hour, each. */
  selfServicePerHour: number;
}

export interface ExplorerClientConfig {
  /** Without a trailing slash: IDENTITY_ISSUER, else this app's own identity server. */
  issuer: string;
  clientId: string;
  /** IDENTITY_CLIENT_SECRET; null: the demo seed's secret for clientId in DATA_DIR (lib/auth/explorer-client-secret.ts). */
  clientSecret: string | null;
}

export interface PlacesApiConfig {
  /** Base URL without a trailing slash: this process's own port unless PLACES_API_URL names another. */
  url: string;
  /** How long a call may take before the Explorer answers 502. */
  timeoutMs: number;
  /** The public client visitors explore with; null: the demo seed's `places_api` in DATA_DIR. */
  publicClient: { clientId: string; secretKey: string } | null;
  /** The client each organization explores with; null: the demo seed's `places_api_clients` in DATA_DIR. */
  orgClients: OrganizationPlacesClient[] | null;
}

export interface OrganizationPlacesClient {
  clientId: string;
  secretKey: string;
  organizationId: string;
}

/** Redis when REDIS_URL is set, else PostgreSQL when DATABASE_URL is, else this process's memory. */
export type LimitsConfig = { engine: 'memory' } | { engine: 'redis'; url: string } | { engine: 'postgres'; url: string };

export interface DatabaseConfig {
  url: string;
  /** Streaming replicas that serve reads; empty: reads on the primary. */
  readUrls: string[];
  /** A replica further behind than this is skipped until it catches up. */
  maxReplicaLagMs: number;
  /** Connections per server and instance. */
  poolSize: number;
  /** How long start-up waits for the database to accept connections. */
  waitMs: number;
  /** Whether each instance keeps the place columns in memory for searches by locations (see MemoryColumns). */
  memoryColumns?: boolean;
}

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const httpUrl = z
  .string()
  .url()
  .refine((u) => /^https?:\/\//.test(u), 'must be an http or https URL');

const postgresUrl = z
  .string()
  .url()
  .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must be a postgres:// URL');

const redisUrl = z
  .string()
  .url()
  .refine((u) => /^rediss?:\/\//.test(u), 'must be a redis:// or rediss:// URL');

const secret = z.string().min(32, 'must be at least 32 characters');

const orgClientList = z.array(z.object({ organization_id: z.string().min(1), client_id: z.string().min(1), secret_key: z.string().min(1) }));

const orgClients = z.string().transform((s, ctx): OrganizationPlacesClient[] => {
  let parsed: ReturnType<typeof orgClientList.safeParse> | undefined;
  try {
    parsed = orgClientList.safeParse(JSON.parse(s));
  } catch {
    // not JSON: the same one message as a wrong shape
  }
  if (!parsed?.success) {
    ctx.addIssue({ code: 'custom', message: 'must be a JSON array of {"organization_id", "client_id", "secret_key"}' });
    return z.NEVER;
  }
  return parsed.data.map((e) => ({ organizationId: e.organization_id, clientId: e.client_id, secretKey: e.secret_key }));
});

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  DEMO: booleanFlag.optional(),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PUBLIC_URL: httpUrl.optional(),
  DATA_DIR: z.string().min(1).optional(),
  PLACES_SEED_COUNT: z.coerce.number().int().min(100).max(5_000_000).optional(),
  PLACES_SEARCH_DEADLINE_MS: z.coerce.number().int().min(10).max(120_000).optional(),
  LOG_REQUESTS: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.optional(),
  DATABASE_URL: postgresUrl.optional(),
  DATABASE_READ_URLS: z
    .string()
    .transform((s) => s.split(',').map((u) => u.trim()).filter(Boolean))
    .pipe(z.array(postgresUrl))
    .optional(),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  DATABASE_MEMORY_COLUMNS: booleanFlag.optional(),
  // next-auth reads both from process.env itself; the custom server sets them (lib/app/app-server.ts).
  NEXTAUTH_URL: httpUrl.optional(),
  NEXTAUTH_SECRET: secret.optional(),
  IDENTITY_COOKIE_KEYS: z
    .string()
    .refine((s) => s.split(',').map((k) => k.trim()).filter(Boolean).every((k) => k.length >= 32), 'each key must be at least 32 characters')
    .optional(),
  SECRETS_ENCRYPTION_KEYS: z
    .string()
    .refine((s) => s.split(',').map((k) => k.trim()).filter(Boolean).every((k) => parseEncryptionKey(k) !== null), 'each key must be 32 bytes in base64url (43 characters)')
    .optional(),
  IDENTITY_ISSUER: httpUrl.optional(),
  IDENTITY_CLIENT_ID: z.string().min(1).max(200).optional(),
  IDENTITY_CLIENT_SECRET: z.string().min(1).optional(),
  PLACES_API_URL: httpUrl.optional(),
  PLACES_API_CLIENT_ID: z.string().min(1).optional(),
  PLACES_API_SECRET_KEY: z.string().min(1).optional(),
  PLACES_API_ORG_CLIENTS: orgClients.optional(),
  PLACES_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).optional(),
  MAP_STYLE_URL: httpUrl.optional(),
  ROADS_DEMO: booleanFlag.optional(),
  ROAD_ROUTER: z.enum(['embedded', 'pgrouting']).optional(),
  TRIPS_AVERAGE_SPEED_KMH: z.coerce.number().min(5, 'must be at least 5 (km/h)').max(300, 'must be at most 300 (km/h)').optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).optional(),
  IDENTITY_MEMBERS_API_CLIENTS: z.string().regex(/^[^,\s]+(,[^,\s]+)*$/, 'must be comma-separated client ids').optional(),
  EXPLORER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).optional(),
  PLACES_RATE_BURST_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
  PLACES_RANKING_SECONDS: z.coerce.number().int().min(1).max(86_400).optional(),
  PLACES_DEFAULT_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).optional(),
  PLACES_CLIENT_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).optional(),
  REDIS_URL: redisUrl.optional(),
  METRICS_TOKEN: secret.optional(),
  SMTP_URL: z
    .string()
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  SELF_SERVICE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const name = issue.path.join('.');
  return `${name}: ${issue.message}`;
}

/**
 * Reads the environment once at start-up. A bad value is one clear line, never a 500 later.
 * `flags` are command-line switches (`--dev`, `--demo`) that win over the environment.
 */
export function loadConfig(
  env: Env = process.env,
  flags: { dev?: boolean; demo?: boolean } = {},
  cwd: string = process.cwd(),
): AppConfig {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) throw new ConfigError(`invalid environment: ${firstIssue(parsed.error)}`);
  const e = parsed.data;
  if (e.DATABASE_READ_URLS?.length && !e.DATABASE_URL) throw new ConfigError('invalid environment: DATABASE_READ_URLS needs DATABASE_URL (the primary)');
  if (e.ROAD_ROUTER === 'pgrouting' && !e.DATABASE_URL) throw new ConfigError('invalid environment: ROAD_ROUTER=pgrouting needs DATABASE_URL (pgRouting runs in PostgreSQL)');
  if (Boolean(e.PLACES_API_CLIENT_ID) !== Boolean(e.PLACES_API_SECRET_KEY)) {
    throw new ConfigError('invalid environment: PLACES_API_CLIENT_ID and PLACES_API_SECRET_KEY are set together');
  }

  const mode: AppMode = flags.dev ? 'development' : (e.NODE_ENV ?? 'production');
  const port = e.PORT ?? 3000;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const appUrl = (e.NEXTAUTH_URL ?? publicUrl).replace(/\/+$/, '');
  const explorerClientId = e.IDENTITY_CLIENT_ID ?? 'explorer';
  const demo = flags.demo ?? e.DEMO ?? mode !== 'production';
  if (e.TRUST_PROXY_HOPS !== undefined && !e.TRUST_PROXY) throw new ConfigError('invalid environment: TRUST_PROXY_HOPS: needs TRUST_PROXY=true');

  return {
    mode,
    demo,
    host: e.HOST ?? '0.0.0.0',
    port,
    publicUrl,
    appUrl,
    explorerClient: {
      issuer: (e.IDENTITY_ISSUER ?? `${appUrl}/identity`).replace(/\/+$/, ''),
      clientId: explorerClientId,
      clientSecret: e.IDENTITY_CLIENT_SECRET ?? null,
    },
    dataDir: path.resolve(cwd, e.DATA_DIR ?? '.data'),
    placesSeedCount: e.PLACES_SEED_COUNT ?? 20_000,
    placesSearchDeadlineMs: e.PLACES_SEARCH_DEADLINE_MS ?? 1000,
    placesApi: {
      url: (e.PLACES_API_URL ?? `http://127.0.0.1:${port}`).replace(/\/+$/, ''),
      timeoutMs: e.PLACES_API_TIMEOUT_MS ?? 10_000,
      publicClient: e.PLACES_API_CLIENT_ID && e.PLACES_API_SECRET_KEY ? { clientId: e.PLACES_API_CLIENT_ID, secretKey: e.PLACES_API_SECRET_KEY } : null,
      orgClients: e.PLACES_API_ORG_CLIENTS ?? null,
    },
    mapStyleUrl: e.MAP_STYLE_URL ?? null,
    logRequests: e.LOG_REQUESTS ?? true,
    trustProxy: e.TRUST_PROXY ?? false,
    database: e.DATABASE_URL
      ? {
          url: e.DATABASE_URL,
          readUrls: e.DATABASE_READ_URLS ?? [],
          maxReplicaLagMs: e.DATABASE_REPLICA_MAX_LAG_MS ?? 5000,
          poolSize: e.DATABASE_POOL_SIZE ?? 10,
          waitMs: (e.DATABASE_WAIT_SECONDS ?? 30) * 1000,
          memoryColumns: e.DATABASE_MEMORY_COLUMNS ?? true,
        }
      : null,
    trustProxyHops: e.TRUST_PROXY_HOPS ?? 1,
    tripsAverageSpeedKmh: e.TRIPS_AVERAGE_SPEED_KMH ?? 80,
    roadsDemo: e.ROADS_DEMO ?? demo,
    roadRouter: e.ROAD_ROUTER ?? 'embedded',
    membersApiClients: (e.IDENTITY_MEMBERS_API_CLIENTS ?? explorerClientId).split(','),
    explorerRatePerMinute: e.EXPLORER_RATE_PER_MINUTE ?? 120,
    placesRateBurstSeconds: e.PLACES_RATE_BURST_SECONDS ?? 10,
    placesRankingSeconds: e.PLACES_RANKING_SECONDS ?? 30,
    placesDefaultRatePerMinute: e.PLACES_DEFAULT_RATE_PER_MINUTE ?? DEFAULT_RATE_PER_MINUTE,
    placesClientConcurrency: e.PLACES_CLIENT_CONCURRENCY ?? DEFAULT_CLIENT_CONCURRENCY,
    limits: e.REDIS_URL ? { engine: 'redis', url: e.REDIS_URL } : e.DATABASE_URL ? { engine: 'postgres', url: e.DATABASE_URL } : { engine: 'memory' },
    metricsToken: e.METRICS_TOKEN ?? null,
    selfServicePerHour: e.SELF_SERVICE_LIMIT_PER_HOUR ?? 10,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? `Trip Explorer <no-reply@${new URL(publicUrl).hostname}>` },
  };
}
