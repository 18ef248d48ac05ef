import { inject } from 'vitest';
import { type LimitStore, limitStoreOn, openLimitStore } from '@/lib/limits';
import { memoryEngine } from '@/lib/limits/memory';
import { createTestDatabase, type TestDatabase } from './postgres';

export interface LimitEngineCase {
  name: 'memory' | 'redis' | 'postgres';
  /** A fresh limit store on this engine (on PostgreSQL, in a database of its own). */
  open(): Promise<LimitStore>;
  /** Closes the store and drops what `open` made. */
  close(store: LimitStore | undefined): Promise<void>;
}

/**
 * The limit engines a suite runs on, for `describe.each`: memory, and Redis and PostgreSQL where the global set-up
 * started them (the main suite). `npm run test:mutation` starts neither: the memory engine alone there.
 */
export function limitEngines(label: string): LimitEngineCase[] {
  const withServers = inject('redisUrl') !== undefined;
  let db: TestDatabase | undefined;
  const cases: LimitEngineCase[] = [
    { name: 'memory', open: async () => limitStoreOn(memoryEngine()), close: async (store) => void (await store?.close()) },
    {
      name: 'redis',
      open: () => openLimitStore({ limits: { engine: 'redis', url: inject('redisUrl') }, database: null }),
      close: async (store) => void (await store?.close()),
    },
    {
      name: 'postgres',
      open: async () => {
        db = await createTestDatabase(label);
        return openLimitStore({ limits: { engine: 'postgres', url: db.url }, database: null });
      },
      close: async (store) => {
        await store?.close();
        await db?.drop();
        db = undefined;
      },
    },
  ];
  return cases.filter((engine) => withServers || engine.name === 'memory');
}
