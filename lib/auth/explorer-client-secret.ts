import path from 'node:path';
import { DEMO_CREDENTIALS_FILE, readDemoCredentials } from '@/lib/core/demo-credentials';

type Env = Record<string, string | undefined>;

// The start-up check in lib/app/app-server.ts reads the environment it has just validated (and given DATA_DIR);
// the Explorer's sign-in reads the same settings from the typed configuration (identity-config.ts).

/** The Explorer's OpenID client id: `IDENTITY_CLIENT_ID`, or the demo seed's `explorer`. */
export function explorerClientId(env: Env): string {
  return env.IDENTITY_CLIENT_ID || 'explorer';
}

/** The secret the demo seed recorded for `clientId` in `dataDir/demo-credentials.json`, if any. */
export function demoExplorerSecret(dataDir: string, clientId: string): string | undefined {
  const demo = readDemoCredentials({ file: (name: string) => path.join(dataDir, name) });
  return demo.oidc_clients?.find((c) => c.client_id === clientId)?.client_secret || undefined;
}

/**
 * The Explorer's OpenID client secret: `IDENTITY_CLIENT_SECRET`, or else the secret the demo seed recorded for its
 * client id in this instance's `DATA_DIR/demo-credentials.json`; undefined when neither has one (an instance started
 * beside a demo that another instance seeded records no OpenID client). Checked once at start-up, so a missing secret
 * stops the start instead of every sign-in.
 */
export function explorerClientSecret(env: Env): string | undefined {
  if (env.IDENTITY_CLIENT_SECRET) return env.IDENTITY_CLIENT_SECRET;
  if (!env.DATA_DIR) return undefined;
  return demoExplorerSecret(env.DATA_DIR, explorerClientId(env));
}

/** The one line that says what to set when explorerClientSecret finds nothing. */
export function missingExplorerSecret(env: Env): string {
  return noExplorerSecret(env.DATA_DIR, explorerClientId(env));
}

export function noExplorerSecret(dataDir: string | undefined, clientId: string): string {
  return `IDENTITY_CLIENT_SECRET is required: ${dataDir ? `${path.join(dataDir, DEMO_CREDENTIALS_FILE)} records` : 'there is'} no demo secret for the Explorer's client "${clientId}" (on a demo seeded by another instance, give this one the seeding instance's secret)`;
}
