// Run by e2e/global-setup.ts (through tsx, with DATA_DIR): the demo roads generated into DATA_DIR/roads.sqlite and the
// router's graph and hierarchy prepared beside them, as `npm run roads:import` leaves them, once for every server of
// the run. Each server starts on a copy, so the trips' journeys route on a prepared graph read at start.
import fs from 'node:fs';
import path from 'node:path';
import { seedDemoRoads } from '@/lib/roads/demo/demo-roads';
import { graphFileBeside } from '@/lib/roads/router/ch/shelf';
import { GraphRouter } from '@/lib/roads/router/graph-router';
import { ROADS_FILE, ROADS_HIERARCHY_FILE } from '@/lib/roads/store';
import { SqliteRoadStore } from '@/lib/roads/store/sqlite/store';

async function main() {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is not set');
  const store = SqliteRoadStore.open(path.join(dataDir, ROADS_FILE));
  const router = new GraphRouter(store, { hierarchyFile: path.join(dataDir, ROADS_HIERARCHY_FILE) });
  try {
    await seedDemoRoads(store);
    if (!(await router.hierarchyReady())) throw new Error('the demo roads’ hierarchy was not prepared: the log above says why');
  } finally {
    await router.close();
    await store.close();
  }
  const hierarchyFile = path.join(dataDir, ROADS_HIERARCHY_FILE);
  for (const file of [path.join(dataDir, ROADS_FILE), hierarchyFile, graphFileBeside(hierarchyFile)]) {
    if (!fs.existsSync(file)) throw new Error(`the demo roads were prepared without ${file}`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
