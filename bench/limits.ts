// `npm run bench:limits`: the cost of one limit check alone, per engine: sequential (latency of one consume) and
// 16 at a time (what a busy instance sees). Redis is a throwaway server (or REDIS_URL); PostgreSQL with
// DATABASE_URL only (a throwaway table in that database is not made: the migrations run on it).
import { openLimitStore, type LimitStore } from '@/lib/limits';
import { startLocalRedis } from '@/scripts/redis/local-redis';

const N = Number(process.env.BENCH_CALLS ?? 20_000);

async function measure(limits: LimitStore) {
  const limiter = limits.limiter({ name: 'bench', points: 10_000_000, durationSec: 60 });
  for (let i = 0; i < 1000; i++) await limiter.consume(`warm-${i % 10}`);
  let t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await limiter.consume(`client-${i % 50}`);
  const sequentialUs = Number(process.hrtime.bigint() - t) / 1e3 / N;
  t = process.hrtime.bigint();
  let next = 0;
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (next++ < N) await limiter.consume(`client-${next % 50}`);
  }));
  const perSecond = N / (Number(process.hrtime.bigint() - t) / 1e9);
  return { sequentialUs, perSecond };
}

async function main() {
  const redis = process.env.REDIS_URL ? null : await startLocalRedis();
  const engines: [string, () => Promise<LimitStore>][] = [
    ['memory', () => openLimitStore({ limits: { engine: 'memory' }, database: null })],
    ['redis', () => openLimitStore({ limits: { engine: 'redis', url: process.env.REDIS_URL ?? redis!.url }, database: null })],
  ];
  if (process.env.DATABASE_URL) engines.push(['postgres', () => openLimitStore({ limits: { engine: 'postgres', url: process.env.DATABASE_URL! }, database: null })]);
  process.stdout.write(`${'engine'.padEnd(9)} ${'µs a check, one at a time'.padStart(26)} ${'checks/s, 16 at a time'.padStart(23)}\n`);
  for (const [name, open] of engines) {
    const limits = await open();
    const r = await measure(limits);
    await limits.close();
    process.stdout.write(`${name.padEnd(9)} ${r.sequentialUs.toFixed(1).padStart(26)} ${r.perSecond.toFixed(0).padStart(23)}\n`);
  }
  await redis?.stop();
}

void main();
