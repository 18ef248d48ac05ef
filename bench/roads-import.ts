// `npm run bench:roads-import -- [--edges 1000000] [--shape-nodes 5] [--dir DIR]`: a road network imported as
// `npm run roads:import` imports a real extract (through osmium, shape nodes between junctions, node ids over the
// range real ones take), beside the same network read straight from the generator (the baseline, what the routing
// bench imports) and beside osmium's steps alone (the floor: filter, locate, then stream the roads twice). Time, rate and
// the peak resident memory of each run's whole process tree (the import and the osmium it runs), and the
// issue's target: an extract of 25 million edges imports streamed within 4 GB.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROAD_CLASSES } from '@/lib/roads/road-classes';
import { NODE_WITH_TSX, ROOT } from '@/scripts/hardening/support/server-process';
import { runSampled, type TreeMemory } from './process-tree-memory';
import { ensureRoadExtract } from './roads-extract';

const TARGET_PEAK_MIB = 4096;

const { values } = parseArgs({
  options: { edges: { type: 'string', default: '1000000' }, 'shape-nodes': { type: 'string', default: '5' }, dir: { type: 'string', default: '.test-data/bench/roads-import' } },
});
const edges = Number(values.edges);
const shapeNodes = Number(values['shape-nodes']);
if (!(edges >= 100) || !(shapeNodes >= 0)) throw new Error('--edges must be at least 100 and --shape-nodes 0 or more');

interface Run {
  label: string;
  seconds: number;
  memory: TreeMemory;
  result: { edges?: number; nodes?: number; maxRssMiB?: number; vertexTableMiB?: number };
}

async function measured(label: string, command: string, args: string[]): Promise<Run> {
  const started = performance.now();
  const { code, lastLine, memory } = await runSampled(command, args, ROOT);
  if (code !== 0) throw new Error(`${label} failed: exit ${code}`);
  return { label, seconds: (performance.now() - started) / 1000, memory, result: lastLine.startsWith('{') ? JSON.parse(lastLine) : {} };
}

async function main() {
  const dir = path.resolve(ROOT, values.dir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `grid-${edges}-shape-${shapeNodes}.osm.pbf`);
  const writing = performance.now();
  const extract = await ensureRoadExtract(file, edges, shapeNodes);
  process.stdout.write(
    `extract ${path.basename(file)}: ${extract.nodes.toLocaleString('en-US')} nodes, ${extract.ways.toLocaleString('en-US')} ways, ${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MiB (ready in ${((performance.now() - writing) / 1000).toFixed(0)} s)\n`,
  );

  const [roads, located] = [path.join(dir, 'floor-roads.osm.pbf'), path.join(dir, 'floor-located.osm.pbf')];
  const osmiumAlone = [
    `osmium tags-filter ${JSON.stringify(file)} w/highway=${ROAD_CLASSES.join(',')} -o ${roads} --overwrite --no-progress`,
    `osmium add-locations-to-ways ${roads} -i sparse_file_array,${located}.idx --ignore-missing-nodes -o ${located} --overwrite --no-progress && rm ${located}.idx`,
    `osmium cat ${located} -t way -f opl,add_metadata=false,locations_on_ways=true -o - --no-progress > /dev/null`,
    `osmium cat ${located} -t way -f opl,add_metadata=false,locations_on_ways=true -o - --no-progress > /dev/null`,
  ];
  const runs: Run[] = [];
  runs.push(await measured("osmium's steps alone, as the import runs them (the floor)", 'bash', ['-c', `set -e; ${osmiumAlone.join('; ')}`]));
  fs.rmSync(roads, { force: true });
  fs.rmSync(located, { force: true });
  for (const [mode, input, label] of [
    ['osm', file, 'import of the extract (as npm run roads:import)'],
    ['grid', String(edges), 'the same network from the generator (baseline)'],
  ] as const) {
    const store = path.join(dir, `store-${mode}.sqlite`);
    fs.rmSync(store, { force: true });
    runs.push(await measured(label, NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), 'bench/roads-import-run.ts', mode, input, store]));
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${store}${suffix}`, { force: true });
  }

  process.stdout.write('\n| run | seconds | edges | edges/s | peak MiB, process tree | of it anonymous | node / osmium peak MiB | vertex table MiB |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n');
  for (const run of runs) {
    const r = run.result;
    const rate = r.edges ? Math.round(r.edges / run.seconds).toLocaleString('en-US') : '';
    const commands = `${run.memory.byCommand.node ?? '-'} / ${run.memory.byCommand.osmium ?? '-'}`;
    process.stdout.write(
      `| ${run.label} | ${run.seconds.toFixed(1)} | ${r.edges?.toLocaleString('en-US') ?? ''} | ${rate} | ${run.memory.peakMiB.toLocaleString('en-US')} | ${run.memory.peakAnonMiB.toLocaleString('en-US')} | ${commands} | ${r.vertexTableMiB ?? ''} |\n`,
    );
  }
  const imported = runs[1];
  const met = imported.memory.peakMiB <= TARGET_PEAK_MIB ? 'met' : 'NOT met';
  process.stdout.write(
    `\ntarget: an extract of 25 million edges imports streamed within ${TARGET_PEAK_MIB} MiB; this one (${imported.result.edges?.toLocaleString('en-US')} edges, ${extract.nodes.toLocaleString('en-US')} nodes) peaked at ${imported.memory.peakMiB.toLocaleString('en-US')} MiB: ${met}\n`,
  );
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
