// `npm run bench:import [-- --objects 1000000 --backend sqlite,postgres]`: the places import of an OpenStreetMap
// extract of N tagged objects (generated, written as OPL and converted with osmium), beside the NDJSON importer on the
// same places, and beside a fresh import read on one thread: places a second and peak memory of the importing process, a fresh import and an update with 1% of the
// places changed, on SQLite and on a throwaway PostgreSQL; and on SQLite the floor of its schema (the same rows copied
// table to table in SQL, bench/import/copy.ts), and on PostgreSQL the floor of its place table (the same rows
// inserted in SQL into a copy of it with its indexes). Targets (issue 50): >= 20,000 places/s into SQLite,
// >= 10,000/s into PostgreSQL, peak memory <= 1 GiB, an update <= 1/3 of a fresh import's time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startLocalCluster, stopLocalCluster } from '@/scripts/db/local-postgres';
import { NODE_WITH_TSX, ROOT } from '@/scripts/hardening/support/server-process';
import { BENCH_DIR } from './dataset';
import { endedChildrenCpuSeconds, serverCpuSeconds } from './process-cpu';
import { ensureBenchExtract } from './import/extract';
import { runSampled } from './process-tree-memory';

const { values: args } = parseArgs({ options: { objects: { type: 'string', default: '1000000' }, backend: { type: 'string', default: 'sqlite,postgres' } } });
const objects = Number(args.objects);
const backends = args.backend!.split(',');

interface Run {
  seconds: number;
  written: number;
  maxRssMiB: number;
  /** The peak of the importing process's and its osmium's resident memory together (sampled every 100 ms). */
  treePeakMiB: number;
  /** osmium's own peak. */
  osmiumPeakMiB: number;
  /** The CPU seconds of the importing process's main thread, which writes SQLite (none for a copy). */
  mainThreadCpuS?: number;
  /** The CPU seconds of the importing process (every thread, its start included) and of the osmium it ran. */
  cpuS: number;
  /** The CPU seconds of the PostgreSQL server meanwhile (null on SQLite). */
  serverCpuS: number | null;
}

/** As `npm run places:import` runs: a young generation of 32 MiB, for the batches that live across a database round trip. */
const IMPORT_HEAP_FLAG = '--max-semi-space-size=32';

/**
 * `readers`: how many threads read the extract (by default, as `places:import`: one per core); `serverDir`: the data
 * directory of the PostgreSQL server written to, whose CPU time is read before and after.
 */
async function run(mode: 'osm' | 'ndjson' | 'dump' | 'copy', file: string, target: string, { readers, serverDir }: { readers?: number; serverDir?: string } = {}): Promise<Run> {
  const [childrenBefore, serverBefore] = [endedChildrenCpuSeconds(), serverDir ? serverCpuSeconds(serverDir) : 0];
  const args = [IMPORT_HEAP_FLAG, ...NODE_WITH_TSX.slice(1), 'bench/import/run.ts', mode, file, target, ...(readers ? [String(readers)] : [])];
  const { code, lastLine, memory: tree } = await runSampled(NODE_WITH_TSX[0], args, ROOT);
  if (code !== 0) throw new Error(`${mode} ${path.basename(file)} failed (exit ${code})`);
  const reported = JSON.parse(lastLine) as Omit<Run, 'cpuS' | 'serverCpuS' | 'treePeakMiB' | 'osmiumPeakMiB'>;
  return {
    ...reported,
    treePeakMiB: Math.max(tree.peakMiB, reported.maxRssMiB),
    osmiumPeakMiB: tree.byCommand.osmium ?? 0,
    cpuS: endedChildrenCpuSeconds() - childrenBefore,
    serverCpuS: serverDir ? serverCpuSeconds(serverDir) - serverBefore : null,
  };
}

const rows: string[][] = [];
const budgets: string[] = [];
const cpu = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? '' : seconds.toFixed(1));
function report(engine: string, what: string, r: Run, target: string) {
  const rate = Math.round(r.written / r.seconds);
  rows.push([engine, what, String(r.written), r.seconds.toFixed(1), rate.toLocaleString('en-US'), String(r.maxRssMiB), String(r.treePeakMiB), r.osmiumPeakMiB ? String(r.osmiumPeakMiB) : '', cpu(r.mainThreadCpuS), cpu(r.cpuS), cpu(r.serverCpuS), target]);
  process.stdout.write(`  ${engine} ${what}: ${r.written} places in ${r.seconds.toFixed(1)} s (${rate}/s), peak ${r.maxRssMiB} MiB (${r.treePeakMiB} MiB with osmium)\n`);
}

/**
 * What a rate target leaves for these places on this machine's cores, beside the CPU the import used: a target is out
 * of reach here when the import's work does not fit in it, however it were shared out among the cores.
 */
function budget(engine: string, r: Run, perSecond: number) {
  const seconds = r.written / perSecond;
  const cores = os.cpus().length;
  const used = r.cpuS + (r.serverCpuS ?? 0);
  const server = r.serverCpuS === null ? '' : ` and the database server ${cpu(r.serverCpuS)} s`;
  budgets.push(
    `- ${engine}: at ${perSecond.toLocaleString('en-US')} places/s its ${r.written.toLocaleString('en-US')} places have ${seconds.toFixed(1)} s, ` +
      `${(seconds * cores).toFixed(1)} CPU-seconds on ${cores} cores; the fresh import used ${used.toFixed(1)} ` +
      `(the importing process and osmium ${cpu(r.cpuS)} s${server}), its main thread alone ${cpu(r.mainThreadCpuS)} s`,
  );
}

async function main() {
  fs.mkdirSync(path.join(BENCH_DIR, 'import'), { recursive: true });
  process.stdout.write(`load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; writing the extract of ${objects} objects (once)...\n`);
  const extract = ensureBenchExtract(path.join(BENCH_DIR, 'import', `us-areas-${objects}`), objects);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  const ndjson = path.join(work, 'places.ndjson');
  try {
    const sqlite = path.join(work, 'osm.sqlite');
    const fresh = await run('osm', extract.fresh, sqlite);
    const update = await run('osm', extract.changed, sqlite);
    await run('dump', ndjson, sqlite);
    if (backends.includes('sqlite')) {
      report('SQLite', 'OSM extract, fresh', fresh, '>= 20,000/s, <= 1,024 MiB');
      budget('SQLite', fresh, 20_000);
      report('SQLite', 'OSM extract, 1% changed', update, `<= ${(fresh.seconds / 3).toFixed(1)} s`);
      report('SQLite', 'OSM extract, fresh, read on one thread', await run('osm', extract.fresh, path.join(work, 'one-reader.sqlite'), { readers: 1 }), 'baseline');
      report('SQLite', 'the same rows copied in SQL (the schema’s floor)', await run('copy', sqlite, path.join(work, 'copy.sqlite')), 'baseline');
      report('SQLite', 'NDJSON, same places (baseline)', await run('ndjson', ndjson, path.join(work, 'ndjson.sqlite')), 'baseline');
    }
    if (backends.includes('postgres')) {
      const cluster = await startLocalCluster({ replicas: 0 });
      try {
        const admin = new pg.Client({ connectionString: cluster.primaryUrl() });
        await admin.connect();
        await admin.query('CREATE DATABASE osm');
        await admin.query('CREATE DATABASE ndjson');
        await admin.end();
        const serverDir = path.join(cluster.dir, 'primary');
        const pgFresh = await run('osm', extract.fresh, cluster.primaryUrl('osm'), { serverDir });
        report('PostgreSQL', 'OSM extract, fresh', pgFresh, '>= 10,000/s, <= 1,024 MiB');
        budget('PostgreSQL', pgFresh, 10_000);
        report('PostgreSQL', 'OSM extract, 1% changed', await run('osm', extract.changed, cluster.primaryUrl('osm'), { serverDir }), `<= ${(pgFresh.seconds / 3).toFixed(1)} s`);
        report('PostgreSQL', 'the same rows copied in SQL into a table like places (its floor)', await run('copy', '-', cluster.primaryUrl('osm'), { serverDir }), 'baseline');
        report('PostgreSQL', 'NDJSON, same places (baseline)', await run('ndjson', ndjson, cluster.primaryUrl('ndjson'), { serverDir }), 'baseline');
      } finally {
        stopLocalCluster(cluster.dir);
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  process.stdout.write(
    '\n| engine | run | places written | seconds | places/s | peak MiB | peak MiB with osmium | osmium’s peak MiB | CPU s, main thread | CPU s, process + osmium | CPU s, database | target |\n' +
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n',
  );
  for (const r of rows) process.stdout.write(`| ${r.join(' | ')} |\n`);
  process.stdout.write(`\nThe rate targets beside the CPU the imports used (load ${os.loadavg()[0].toFixed(1)}):\n${budgets.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`${(err as Error).stack}\n`);
  process.exit(1);
});
