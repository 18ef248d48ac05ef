// Starts one throwaway Redis for the whole vitest run, unless TEST_REDIS_URL points at a server of your own.
// Tests that kill Redis start one of their own (scripts/redis/local-redis.ts).
import type { TestProject } from 'vitest/node';
import { missingRedis, startLocalRedis } from '../../scripts/redis/local-redis';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_REDIS_URL) {
    project.provide('redisUrl', process.env.TEST_REDIS_URL);
    return;
  }
  const missing = missingRedis();
  if (missing) throw new Error(`the Redis suites need a local server: ${missing} (or set TEST_REDIS_URL)`);
  const redis = await startLocalRedis();
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
