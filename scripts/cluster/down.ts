// `npm run cluster:down`: stops what `npm run cluster` started (balancer, instances, Redis, PostgreSQL) and removes
// CLUSTER_DIR with its data.
import path from 'node:path';
import { stopCluster } from './cluster';

const dir = path.resolve(process.env.CLUSTER_DIR ?? '.cluster');

stopCluster(dir)
  .then((stopped) => process.stdout.write(stopped ? `stopped the cluster and removed ${dir}\n` : `nothing to stop: ${dir} holds no cluster\n`))
  .catch((err) => {
    process.stderr.write(`cluster:down: ${(err as Error).message}\n`);
    process.exit(1);
  });
