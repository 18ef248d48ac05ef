// The server process that `npm run bench:http` drives: the real app server without Next.js, on the 1M dataset
// (or, with BENCH_DATA_DIR, on the demo seed in that directory). REDIS_URL puts its limits in Redis.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@/lib/config/env';
import { createApp } from '@/lib/app/create-app';
import { openApiClients } from '@/lib/places/auth/api-clients';
import { CLIENT_CACHE_TTL_MS } from '@/lib/places/auth/api-clients/postgres';
import { readDemoCredentials } from '@/lib/core/demo-credentials';
import { SecretBox } from '@/lib/core/secret-box';
import { lookup, unpublish } from '@/lib/core/registry';
import { TRAVELER_CONTENT } from '@/lib/places/traveler-content';
import { REVIEWS_STORE } from '@/lib/reviews/store-registry';
import type { ReviewStore } from '@/lib/reviews/store/types';
import { BENCH_BASE_URL, BENCH_DIR, ensureBenchDataset } from './dataset';

const small = process.env.BENCH_DATA_DIR;
const dataDir = small ?? path.join(BENCH_DIR, 'http-data');
fs.mkdirSync(dataDir, { recursive: true });
const places = path.join(dataDir, 'places.sqlite');

const env = { NODE_ENV: 'test', DATABASE_URL: process.env.DATABASE_URL, REDIS_URL: process.env.REDIS_URL, PLACES_SEED_COUNT: process.env.PLACES_SEED_COUNT };
const config = { ...loadConfig(env), host: '127.0.0.1', port: 0, publicUrl: BENCH_BASE_URL, dataDir, demo: true, logRequests: false };
/**
 * BENCH_TRAVELERS=off: the Place API without travelers' reviews (as before they were merged), the baseline;
 * BENCH_REVIEWED_PLACES=<file of ids>: one review written for each of those places first, so searches find some.
 */
async function travelers() {
  if (process.env.BENCH_TRAVELERS === 'off') return unpublish(TRAVELER_CONTENT);
  const file = process.env.BENCH_REVIEWED_PLACES;
  if (!file) return;
  const store = lookup<ReviewStore>(REVIEWS_STORE)!;
  const ids = JSON.parse(fs.readFileSync(file, 'utf8')) as number[];
  for (const [n, placeId] of ids.entries()) {
    const id = `bench-${placeId}`;
    if (await store.get(id)) continue;
    await store.create({ id, placeId, authorId: `bench-${n % 50}`, authorHandle: `bench${n % 50}`, rating: 1 + (n % 5), text: 'Level sites.', visitedOn: '2026-10-01', rv: null, now: new Date().toISOString() });
  }
}

async function main() {
  // A hard link shares the generated store without copying gigabytes; the image base URL matches, so nothing is rewritten.
  if (!small && !fs.existsSync(places)) fs.linkSync(await ensureBenchDataset(), places);
  const app = await createApp(config, { web: false });
  await travelers();
  const creds = readDemoCredentials(app.context.dataDir);
  const client = creds.places_api_clients!.find((c) => c.organization_id === 'org-summit-rv')!;
  // The limit is checked on every request as usual, at a rate the benchmark never reaches: a 429 would be an error.
  // Through the server's own engine (SQLite file, or PostgreSQL with DATABASE_URL, where the server's client cache
  // takes the change within CLIENT_CACHE_TTL_MS).
  const clients = await openApiClients(config, app.context.dataDir, new SecretBox(app.context.secrets.encryptionKeys));
  await clients.configure(client.client_id, { ...(await clients.get(client.client_id))!.config, rate_limit_per_minute: 10_000_000 });
  if (clients.engine === 'postgres') await new Promise((r) => setTimeout(r, CLIENT_CACHE_TTL_MS + 500));
  await clients.close();
  process.stdout.write(`${JSON.stringify({ url: app.url, client_id: client.client_id, secret_key: client.secret_key, limits: app.context.limits.describe() })}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

void main();
