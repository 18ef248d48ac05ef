// An instance's start on a grid whose prepared graph was kept beside `hierarchyFile`, in a process of its own (as a
// server starts): prints one line, its time, longest hold and memory. Run by bench/routing-grid.ts.
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { timedWarm } from './routing-warm';

async function main() {
  const [storeFile, hierarchyFile] = process.argv.slice(2);
  const store = SqliteRoadStore.open(storeFile);
  const { router, summary } = await timedWarm(store, hierarchyFile);
  const source = await router.graphSource();
  await router.close();
  await store.close();
  if (source !== 'read') throw new Error(`the prepared graph was not read (${source}): the log above says why`);
  console.log(summary);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
