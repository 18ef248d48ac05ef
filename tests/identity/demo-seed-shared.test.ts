// Demo mode with the provider state on one PostgreSQL and a DATA_DIR per instance: instances seeding at the same
// moment share the demo OIDC clients instead of failing on the taken ids, and each records the one secret.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityDirectory } from '@/lib/identity/directory';
import type { IdentityDirectory } from '@/lib/identity/directory/types';
import { seedDemo } from '@/lib/identity/demo-seed';
import { openPostgresProviderStore } from '@/lib/identity/provider-store/postgres/store';
import type { ProviderStore } from '@/lib/identity/provider-store/types';
import { openDataDir } from '@/lib/core/data-dir';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { newEncryptionKey, parseEncryptionKey, SecretBox } from '@/lib/core/secret-box';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { tempDataDir } from '../support/test-server';

describe('the demo seed on a shared provider store', () => {
  let database: TestDatabase;
  const stores: ProviderStore[] = [];
  // Each instance's own directory (SQLite in its DATA_DIR): this is about the provider store they share.
  const directories: IdentityDirectory[] = [];
  const dirs = [tempDataDir('seed-a'), tempDataDir('seed-b')];

  beforeAll(async () => {
    database = await createTestDatabase('demo_seed');
    const box = new SecretBox([parseEncryptionKey(newEncryptionKey())!]);
    for (const dir of dirs) {
      stores.push(await openPostgresProviderStore({ primaryUrl: database.url, poolSize: 2 }, box));
      directories.push(await openIdentityDirectory({ database: null }, openDataDir(dir)));
    }
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
    for (const d of directories) await d.close();
    await database?.drop();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets two instances seed together, both recording the same client secrets', async () => {
    await Promise.all(dirs.map((dir, i) => seedDemo(directories[i], stores[i].clients, 'http://localhost:3000', openDataDir(dir))));
    const [a, b] = dirs.map((dir) => readDemoCredentials(openDataDir(dir)).oidc_clients!);
    expect(a.map((c) => c.client_id)).toEqual(['explorer', 'oidc-test-client']);
    expect(b).toEqual(a);
    expect((await stores[0].clients.list()).map((c) => c.clientId)).toEqual(['explorer', 'oidc-test-client']);
  });
});
