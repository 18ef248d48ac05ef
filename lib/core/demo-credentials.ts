import fs from 'node:fs';
import type { DataDir } from './data-dir';
import { writeFileAtomic } from './data-dir';

export interface DemoCredentials {
  places_api?: { client_id: string; secret_key: string };
  /** One Place API client per demo organization, used by the Explorer for signed-in members. */
  places_api_clients?: { organization_id: string; organization_name: string; client_id: string; secret_key: string }[];
  users?: { username: string; password: string; about: string }[];
  oidc_clients?: { client_id: string; client_secret: string; redirect_uris: string[]; about?: string }[];
  [section: string]: unknown;
}

export const DEMO_CREDENTIALS_FILE = 'demo-credentials.json';

export function readDemoCredentials(dataDir: Pick<DataDir, 'file'>): DemoCredentials {
  const file = dataDir.file(DEMO_CREDENTIALS_FILE);
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoCredentials;
}

/** Merges one subsystem's demo secrets into the shared file; each subsystem owns its own keys. */
export function recordDemoCredentials(dataDir: Pick<DataDir, 'file'>, section: Partial<DemoCredentials>) {
  const merged = { ...readDemoCredentials(dataDir), ...section };
  writeFileAtomic(dataDir.file(DEMO_CREDENTIALS_FILE), JSON.stringify(merged, null, 2) + '\n');
}
