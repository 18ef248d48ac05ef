import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEndedSessions, type EndedSessions } from '@/lib/auth/ended-sessions';
import { openIdTokenHints, type IdTokenHints } from '@/lib/auth/id-token-hints';
import { postgresEndedSessions } from '@/lib/auth/session-records/postgres/ended-sessions';
import { postgresIdTokenHints } from '@/lib/auth/session-records/postgres/id-token-hints';
import { lazyPrimary } from '@/lib/db/postgres/database';
import { createTestDatabase, type TestDatabase } from '../support/postgres';
import { tempDataDir } from '../support/temp-dirs';

interface Engine {
  /** Two handles on one store: two instances, or the same file before and after a restart. */
  open(): Promise<{ ended: EndedSessions; hints: IdTokenHints }>;
  done(): Promise<void>;
}

function sqlite(): Engine {
  const file = path.join(tempDataDir('auth-ended'), 'sessions.sqlite');
  return { open: async () => ({ ended: openEndedSessions(file), hints: openIdTokenHints(file) }), done: async () => undefined };
}

function postgres(): Engine {
  let db: TestDatabase | undefined;
  return {
    async open() {
      if (!db) {
        db = await createTestDatabase('sessions');
      }
      const ended = lazyPrimary({ primaryUrl: db.url, poolSize: 2 });
      const hints = lazyPrimary({ primaryUrl: db.url, poolSize: 2 });
      return { ended: postgresEndedSessions(ended.db, ended.close), hints: postgresIdTokenHints(hints.db, hints.close) };
    },
    done: async () => db?.drop(),
  };
}

describe.each([
  ['SQLite', sqlite],
  ['PostgreSQL', postgres],
] as const)('the Explorer\'s session records on %s', (_, make) => {
  let engine: Engine;
  let a: Awaited<ReturnType<Engine['open']>>;
  let b: Awaited<ReturnType<Engine['open']>>;
  beforeAll(async () => {
    engine = make();
    a = await engine.open();
    b = await engine.open();
  });
  afterAll(async () => {
    for (const h of [a, b]) await Promise.all([h?.ended.close(), h?.hints.close()]);
    await engine?.done();
  });

  it('ends a session by sid and leaves the others alone, on every handle', async () => {
    await a.ended.end({ sid: 'sid-1', sub: 'acct-1' });
    for (const h of [a, b]) {
      expect(await h.ended.isEnded({ sid: 'sid-1', sub: 'acct-1', signedInAt: 1 })).toBe(true);
      expect(await h.ended.isEnded({ sid: 'sid-2', sub: 'acct-1', signedInAt: 1 })).toBe(false);
    }
  });

  it('ends every session a subject signed in before a subject-wide logout, not later ones', async () => {
    const now = Math.floor(Date.now() / 1000);
    await b.ended.end({ sub: 'acct-9' });
    expect(await a.ended.isEnded({ sid: 'a', sub: 'acct-9', signedInAt: now - 60 })).toBe(true);
    expect(await a.ended.isEnded({ sid: 'b', sub: 'acct-9', signedInAt: now + 60 })).toBe(false);
    expect(await a.ended.isEnded({ sid: 'c', sub: 'acct-2', signedInAt: now - 60 })).toBe(false);
    expect(await a.ended.isEnded({ sub: 'acct-9' })).toBe(false);
  });

  it('hands an ID token hint out once, whichever handle is asked', async () => {
    await a.hints.remember('sid-h', 'id.token.one');
    await a.hints.remember('sid-h', 'id.token.two');
    const taken = await Promise.all([a.hints.take('sid-h'), b.hints.take('sid-h')]);
    expect(taken.filter(Boolean)).toEqual(['id.token.two']);
    expect(await b.hints.take('sid-unknown')).toBeUndefined();
  });
});
