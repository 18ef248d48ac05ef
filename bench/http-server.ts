// The server process that `npm run bench:http` drives: the real app server without Next.js, on the 1M dataset.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@/lib/config/env';
import { createApp } from '@/lib/app/create-app';
import { readDemoCredentials } from '@/lib/server/demo-credentials';
import { BENCH_BASE_URL, BENCH_DIR, ensureBenchDataset } from './dataset';

const dataDir = path.join(BENCH_DIR, 'http-data');
fs.mkdirSync(dataDir, { recursive: true });
const places = path.join(dataDir, 'places.sqlite');

const config = { ...loadConfig({ NODE_ENV: 'test', DATABASE_URL: process.env.DATABASE_URL }), host: '127.0.0.1', port: 0, publicUrl: BENCH_BASE_URL, dataDir, demo: true, logRequests: false };
async function main() {
  // A hard link shares the generated store without copying gigabytes; the image base URL matches, so nothing is rewritten.
  if (!fs.existsSync(places)) fs.linkSync(await ensureBenchDataset(), places);
  const app = await createApp(config, { web: false });
  const creds = readDemoCredentials(app.context.dataDir);
  const client = creds.places_api_clients!.find((c) => c.organization_id === 'org-summit-rv')!;
  process.stdout.write(`${JSON.stringify({ url: app.url, client_id: client.client_id, secret_key: client.secret_key })}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
