import 'server-only';
import path from 'node:path';
import { readDemoCredentials } from '@/lib/server/demo-credentials';

export interface IdentityClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The app's public base URL (NEXTAUTH_URL, set by the custom server from PUBLIC_URL). */
  appUrl: string;
}

export class IdentityConfigError extends Error {}

/** The app's public base URL, without a trailing slash. */
export function publicAppUrl(): string {
  const url = process.env.NEXTAUTH_URL ?? process.env.PUBLIC_URL;
  if (!url) throw new IdentityConfigError('NEXTAUTH_URL is not set: start the app through server.ts');
  return url.replace(/\/+$/, '');
}

/**
 * The Explorer's OpenID client: `IDENTITY_ISSUER`, `IDENTITY_CLIENT_ID` and `IDENTITY_CLIENT_SECRET`, with the demo
 * seed's `explorer` client (DATA_DIR/demo-credentials.json) standing in for the secret when none is given.
 */
export function identityClientConfig(env: Record<string, string | undefined> = process.env): IdentityClientConfig {
  const base = publicAppUrl();
  const issuer = (env.IDENTITY_ISSUER ?? `${base}/identity`).replace(/\/+$/, '');
  const clientId = env.IDENTITY_CLIENT_ID ?? 'explorer';
  let clientSecret = env.IDENTITY_CLIENT_SECRET;
  if (!clientSecret && env.DATA_DIR) {
    const dataDir = env.DATA_DIR;
    const demo = readDemoCredentials({ file: (name: string) => path.join(dataDir, name) });
    clientSecret = demo.oidc_clients?.find((c) => c.client_id === clientId)?.client_secret;
  }
  if (!clientSecret) {
    throw new IdentityConfigError(`IDENTITY_CLIENT_SECRET is required (no demo secret recorded for client "${clientId}")`);
  }
  return { issuer, clientId, clientSecret, appUrl: base };
}
