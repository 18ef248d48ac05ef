// `npm run places:migrate-to-postgres` copies the owner store too: a SQLite owner store copied into PostgreSQL answers
// the same through the interface (claims, owners with their fields, the history), and its edits go on from there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inOneTransaction } from '@/lib/db/postgres/in-one-transaction';
import { copyOwners } from '@/lib/owners/store/postgres/copy-from-sqlite';
import { PostgresOwnerStore } from '@/lib/owners/store/postgres/store';
import { SqliteOwnerStore } from '@/lib/owners/store/sqlite/store';
import type { OwnerStore } from '@/lib/owners/store/types';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let dir: string;
let database: TestDatabase;
let sqlite: SqliteOwnerStore;
let postgres: PostgresOwnerStore | undefined;
const file = () => path.join(dir, 'owners.sqlite');
const summit = { organizationId: 'org-summit-rv', organizationName: 'Summit RV Dealers Group' };
const claimOf = (id: string, placeId: number, at: string) => ({ id, placeId, ...summit, requestedById: 'user-advisor', requestedByName: 'Sam Advisor', requestedAt: at });

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'owners-copy-'));
  database = await createTestDatabase('owners_copy');
  sqlite = SqliteOwnerStore.open(file());
});

afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What a store says of everything it holds, through the interface. */
async function everything(store: OwnerStore) {
  const owners = await store.allOwnerships();
  return { claims: await store.claims({}), code: await store.claimCode('claim-2'), imported: await store.importDifferences(101), owners, edits: await Promise.all(owners.map((o) => store.edits(o, 100))) };
}

it('copies claims, owners and every edit with its id, then goes on numbering edits after the last', async () => {
  await sqlite.requestClaim(claimOf('claim-1', 101, '2026-12-01T09:00:00.000Z'));
  await sqlite.decideClaim('claim-1', { approve: true, by: 'mo', at: '2026-12-01T10:00:00.000Z', reason: null });
  await sqlite.requestClaim(claimOf('claim-2', 202, '2026-12-02T09:00:00.000Z'));
  await sqlite.setClaimCode({ claimId: 'claim-2', hash: 'ab'.repeat(32), sentTo: 'info@example.com', expiresAt: '2026-12-02T09:30:00.000Z' });
  expect(await sqlite.countCodeAttempt('claim-2')).toBe(1);
  const edit = (at: string, description: string, undoes: number | null = null) => ({
    placeId: 101, ...summit, authorId: 'user-advisor', authorName: 'Sam Advisor', at, before: { description: '' }, after: { description }, undoes,
  });
  const first = await sqlite.recordEdit(edit('2026-12-01T11:00:00.000Z', 'Service bays for 45-foot rigs.'), 0);
  const second = await sqlite.recordEdit(edit('2026-12-01T12:00:00.000Z', 'Closed Sundays.', first.ok ? first.edit.id : null), 1);
  expect([first.ok, second.ok]).toEqual([true, true]);
  await sqlite.setImportDifferences(101, { at: '2026-12-02T00:00:00.000Z', fields: { description: 'From the map.' } });
  const before = await everything(sqlite);
  await sqlite.close();

  const source = new Database(file(), { readonly: true, fileMustExist: true });
  try {
    expect(await inOneTransaction(database.url, (client) => copyOwners(client, source))).toEqual({ place_claims: 2, claim_codes: 1, place_owners: 1, listing_edits: 2, import_differences: 1 });
    await expect(inOneTransaction(database.url, (client) => copyOwners(client, source))).rejects.toThrow(/already has place_claims: copy into a new database/);
  } finally {
    source.close();
  }

  postgres = await PostgresOwnerStore.open({ primaryUrl: database.url, replicaUrls: [], maxReplicaLagMs: 60_000, poolSize: 2 });
  expect(await everything(postgres)).toEqual(before);
  const third = await postgres.recordEdit(edit('2026-12-03T09:00:00.000Z', 'Open Sundays again.'), 2);
  expect(third).toMatchObject({ ok: true, edit: { id: second.ok ? second.edit.id + 1 : -1, version: 3 } });
  expect((await postgres.ownership(101))?.listing).toEqual({ description: 'Open Sundays again.' });
});
