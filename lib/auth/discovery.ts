import 'server-only';
import { timedFetch } from '@/lib/http/timed-fetch';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';

const metadataSchema = z.object({
  issuer: z.string().url(),
  token_endpoint: z.string().url(),
  jwks_uri: z.string().url(),
  end_session_endpoint: z.string().url().optional(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
});

export type ProviderMetadata = z.infer<typeof metadataSchema>;

interface Cached {
  metadata: ProviderMetadata;
  jwks: JWTVerifyGetKey;
  fetchedAt: number;
}

const TTL_MS = 10 * 60 * 1000;
const KEY = Symbol.for('trip-explorer.auth.discovery');

function cache(): Map<string, Cached> {
  const g = globalThis as unknown as Record<symbol, Map<string, Cached> | undefined>;
  return (g[KEY] ??= new Map());
}

async function load(issuer: string): Promise<Cached> {
  const hit = cache().get(issuer);
  if (hit && Date.now() - hit.fetchedAt < TTL_MS) return hit;
  const metadata = await timedFetch(`${issuer}/.well-known/openid-configuration`, { cache: 'no-store' }, 10_000, async (response) => {
    if (!response.ok) throw new Error(`discovery at ${issuer} answered ${response.status}`);
    return metadataSchema.parse(await response.json());
  });
  if (metadata.issuer !== issuer) throw new Error(`discovery issuer ${metadata.issuer} is not ${issuer}`);
  // The key set object keeps its own cache and refetches on an unknown kid, so key rotation needs nothing here.
  const jwks = hit?.metadata.jwks_uri === metadata.jwks_uri ? hit.jwks : createRemoteJWKSet(new URL(metadata.jwks_uri));
  const entry = { metadata, jwks, fetchedAt: Date.now() };
  cache().set(issuer, entry);
  return entry;
}

/** The identity server's discovery document, fetched once and kept ten minutes. */
export async function providerMetadata(issuer: string): Promise<ProviderMetadata> {
  return (await load(issuer)).metadata;
}

/** The identity server's signing keys (JWKS), for logout tokens. */
export async function providerKeys(issuer: string): Promise<JWTVerifyGetKey> {
  return (await load(issuer)).jwks;
}
