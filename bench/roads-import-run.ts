// One road import for `npm run bench:roads-import`, in a process of its own so its memory is its own: `osm FILE
// STORE` (an extract through osmium, as `npm run roads:import` reads it) or `grid EDGES STORE` (the same grid read
// straight from the generator). Prints one JSON line with what it measured.
import { importRoads } from '@/lib/roads/import/import-roads';
import { openRoadSource } from '@/lib/roads/import/open-source';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';
import { gridNetwork } from './routing-grid-source';

async function main() {
  const [mode, input, storeFile] = process.argv.slice(2);
  const source = mode === 'grid' ? gridNetwork(Number(input)).source : openRoadSource(input);
  const store = SqliteRoadStore.open(storeFile);
  const started = performance.now();
  try {
    const summary = await importRoads(store, source, mode === 'grid' ? 'grid' : input, { name: 'bench', generated: true });
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(
      `${JSON.stringify({ seconds, edges: summary.network.edgeCount, nodes: summary.network.nodeCount, maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024), vertexTableMiB: Math.round(summary.junctionTableBytes / 2 ** 20) })}\n`,
    );
  } finally {
    await store.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
