import 'server-only';
import { explorerClientId, explorerClientSecret, missingExplorerSecret } from './explorer-client-secret';

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
 * seed's `explorer` client (DATA_DIR/demo-credentials.json) standing in for the secret when none is given. The server
 * checks at start-up that there is one (explorer-client-secret.ts).
 */
export function identityClientConfig(env: Record<string, string | undefined> = process.env): IdentityClientConfig {
  const base = publicAppUrl();
  const issuer = (env.IDENTITY_ISSUER ?? `${base}/identity`).replace(/\/+$/, '');
  const clientSecret = explorerClientSecret(env);
  if (!clientSecret) throw new IdentityConfigError(missingExplorerSecret(env));
  return { issuer, clientId: explorerClientId(env), clientSecret, appUrl: base };
}
