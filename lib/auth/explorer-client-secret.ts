import path from 'node:path';
import type { AppConfig } from '@/lib/config/env';
import { DEMO_CREDENTIALS_FILE, readDemoCredentials } from '@/lib/core/demo-credentials';

type ExplorerClientSettings = Pick<AppConfig, 'explorerClient' | 'dataDir'>;

/** The secret the demo seed recorded for `clientId` in `dataDir/demo-credentials.json`, if any. */
function demoExplorerSecret(dataDir: string, clientId: string): string | undefined {
  const demo = readDemoCredentials({ file: (name: string) => path.join(dataDir, name) });
  return demo.oidc_clients?.find((c) => c.client_id === clientId)?.client_secret || undefined;
}

/**
 * The Explorer's OpenID client secret: `IDENTITY_CLIENT_SECRET`, or else the secret the demo seed recorded for its
 * client id in this instance's `DATA_DIR/demo-credentials.json`; undefined when neither has one (an instance started
 * beside a demo that another instance seeded records no OpenID client). The server checks it once at start-up
 * (lib/app/app-server.ts), so a missing secret stops the start instead of every sign-in.
 */
export function explorerClientSecret({ explorerClient, dataDir }: ExplorerClientSettings): string | undefined {
  return explorerClient.clientSecret ?? demoExplorerSecret(dataDir, explorerClient.clientId);
}

/** The one line that says what to set when explorerClientSecret finds nothing. */
export function missingExplorerSecret({ explorerClient, dataDir }: ExplorerClientSettings): string {
  return `IDENTITY_CLIENT_SECRET is required: ${path.join(dataDir, DEMO_CREDENTIALS_FILE)} records no demo secret for the Explorer's client "${explorerClient.clientId}" (on a demo seeded by another instance, give this one the seeding instance's secret)`;
}
