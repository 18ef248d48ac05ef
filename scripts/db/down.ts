// `npm run db:down`: stops the servers of `npm run db:up` and removes their data.
import fs from 'node:fs';
import path from 'node:path';
import { stopLocalCluster } from './local-postgres';

const DIR = path.resolve(process.env.DB_CLUSTER_DIR ?? '.test-data/db');
if (!fs.existsSync(DIR)) {
  process.stdout.write(`nothing to stop: ${DIR} does not exist\n`);
} else {
  stopLocalCluster(DIR);
  process.stdout.write(`stopped and removed ${DIR}\n`);
}
