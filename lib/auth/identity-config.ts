import 'server-only';
import type { AppConfig } from '@/lib/config/env';
import { appConfig } from '@/lib/config/runtime';
import { explorerClientSecret, missingExplorerSecret } from './explorer-client-secret';

export interface IdentityClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The app's public base URL (NEXTAUTH_URL, else PUBLIC_URL). */
  appUrl: string;
}

export class IdentityConfigError extends Error {}

/** The app's public base URL, without a trailing slash. */
export function publicAppUrl(): string {
  return appConfig().appUrl;
}

/**
 * The Explorer's OpenID client: `IDENTITY_ISSUER`, `IDENTITY_CLIENT_ID` and `IDENTITY_CLIENT_SECRET`, with the demo
 * seed's `explorer` client (DATA_DIR/demo-credentials.json) standing in for the secret when none is given. The server
 * checks at start-up that there is one (explorer-client-secret.ts).
 */
export function identityClientConfig(config: AppConfig = appConfig()): IdentityClientConfig {
  const { issuer, clientId } = config.explorerClient;
  const clientSecret = explorerClientSecret(config);
  if (!clientSecret) throw new IdentityConfigError(missingExplorerSecret(config));
  return { issuer, clientId, clientSecret, appUrl: config.appUrl };
}
