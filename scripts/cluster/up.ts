// `npm run cluster`: the scaled-out shape on one machine (PostgreSQL primary + replica, Redis, CLUSTER_INSTANCES app
// instances, nginx on CLUSTER_PORT), from Debian's packages. It keeps running after this command returns;
// `npm run cluster:down` stops it and removes CLUSTER_DIR.
import path from 'node:path';
import { buildIfStale } from '../build-if-stale.mjs';
import { ensurePackages, readClusterState, startCluster } from './cluster';

const dir = path.resolve(process.env.CLUSTER_DIR ?? '.cluster');
const instances = Number(process.env.CLUSTER_INSTANCES ?? 2);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const say = (line: string) => process.stdout.write(`${line}\n`);

async function main() {
  const running = readClusterState(dir);
  if (running?.ready) return say(`already running: ${running.url} (stop it with npm run cluster:down)`);
  if (running) throw new Error(`a previous start did not finish (${dir}): run npm run cluster:down first`);
  if (!Number.isInteger(instances) || instances < 1 || instances > 8) throw new Error('CLUSTER_INSTANCES must be a whole number from 1 to 8');
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('CLUSTER_PORT must be a port number');
  ensurePackages(say);
  buildIfStale();
  const state = await startCluster({ dir, instances, port, say });
  say('');
  say(`Trip Explorer runs on ${instances} instance${instances === 1 ? '' : 's'} behind nginx: ${state.url}`);
  say(`  PostgreSQL primary ${state.databaseUrl}, replica ${state.databaseReadUrls.join(', ')}`);
  say(`  Redis ${state.redisUrl}`);
  say(`  instances on ports ${state.instances.map((i) => i.port).join(', ')}; logs in ${dir}/instance-*.log`);
  say(`  demo users and API clients: ${path.join(state.instances[0].dataDir, 'demo-credentials.json')}`);
  say(`  shared secrets (and the /metrics token): ${path.join(dir, 'cluster.env')}`);
  say('Stop it all with npm run cluster:down.');
}

main().catch((err) => {
  process.stderr.write(`cluster: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
