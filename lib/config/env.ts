import path from 'node:path';
import { z } from 'zod';

export type AppMode = 'development' | 'production' | 'test';

export interface AppConfig {
  mode: AppMode;
  /** Explicitly a demo: generated secrets and demo accounts are allowed even in production mode. */
  demo: boolean;
  host: string;
  port: number;
  /** Public base URL of this process, without a trailing slash: issuer and callbacks derive from it. */
  publicUrl: string;
  dataDir: string;
  placesSeedCount: number;
  logRequests: boolean;
  /** Whether the OpenID provider trusts X-Forwarded-* headers (behind a TLS proxy). */
  trustProxy: boolean;
  /** With trustProxy: how many proxies in front of this process append to X-Forwarded-For (at least 1). */
  trustProxyHops: number;
  /** Client ids whose access tokens the identity server's members API accepts. */
  membersApiClients: string[];
}

export class ConfigError extends Error {}

export type Env = Record<string, string | undefined>;

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  DEMO: booleanFlag.optional(),
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PUBLIC_URL: z
    .string()
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'must be an http or https URL')
    .optional(),
  DATA_DIR: z.string().min(1).optional(),
  PLACES_SEED_COUNT: z.coerce.number().int().min(100).max(5_000_000).optional(),
  LOG_REQUESTS: booleanFlag.optional(),
  TRUST_PROXY: booleanFlag.optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).optional(),
  IDENTITY_CLIENT_ID: z.string().min(1).optional(),
  IDENTITY_MEMBERS_API_CLIENTS: z.string().regex(/^[^,\s]+(,[^,\s]+)*$/, 'must be comma-separated client ids').optional(),
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

  const mode: AppMode = flags.dev ? 'development' : (e.NODE_ENV ?? 'production');
  const port = e.PORT ?? 3000;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const demo = flags.demo ?? e.DEMO ?? mode !== 'production';
  if (e.TRUST_PROXY_HOPS !== undefined && !e.TRUST_PROXY) throw new ConfigError('invalid environment: TRUST_PROXY_HOPS: needs TRUST_PROXY=true');

  return {
    mode,
    demo,
    host: e.HOST ?? '0.0.0.0',
    port,
    publicUrl,
    dataDir: path.resolve(cwd, e.DATA_DIR ?? '.data'),
    placesSeedCount: e.PLACES_SEED_COUNT ?? 20_000,
    logRequests: e.LOG_REQUESTS ?? true,
    trustProxy: e.TRUST_PROXY ?? false,
    trustProxyHops: e.TRUST_PROXY_HOPS ?? 1,
    membersApiClients: (e.IDENTITY_MEMBERS_API_CLIENTS ?? e.IDENTITY_CLIENT_ID ?? 'explorer').split(','),
  };
}
