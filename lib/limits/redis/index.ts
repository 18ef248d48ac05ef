import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { logger } from '@/lib/core/logger';
import { blockWhenRefused } from '../block-when-refused';
import { type LimitEngine, type LimitRule, LimitStoreSetupError } from '../types';

// The library's own script, except that the window restarts at every consume (a sliding rule's expiry is its last hit).
const SLIDING_SCRIPT = `local consumed = redis.call('incrby', KEYS[1], ARGV[1])
redis.call('expire', KEYS[1], ARGV[2])
return {consumed, redis.call('pttl', KEYS[1])}`;

// Penalty and reward (a reservation and its refund): add to the count in one step without restarting the window,
// never below zero (a count that reaches zero is dropped); a new key starts a window of the rule's length.
const ADJUST_SCRIPT = `local consumed = redis.call('incrby', KEYS[1], ARGV[1])
if consumed <= 0 then
  redis.call('del', KEYS[1])
  return {0, 0}
end
local ttl = redis.call('pttl', KEYS[1])
if ttl < 0 then
  redis.call('expire', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2]) * 1000
end
return {consumed, ttl}`;

/** The library's limiter, with a penalty and reward that never restart a sliding rule's window. */
class RedisLimiter extends RateLimiterRedis {
  constructor(
    options: ConstructorParameters<typeof RateLimiterRedis>[0],
    private readonly redis: Redis,
    private readonly rule: LimitRule,
  ) {
    super(options);
  }

  penalty(key: string | number, points = 1) {
    return this.adjust(key, points);
  }

  reward(key: string | number, points = 1) {
    return this.adjust(key, -points);
  }

  private async adjust(key: string | number, points: number): Promise<RateLimiterRes> {
    if (this.redis.status !== 'ready') throw new Error('Redis connection is not ready');
    const [consumed, ttl] = (await this.redis.eval(ADJUST_SCRIPT, 1, this.getKey(key), points, this.rule.durationSec)) as [number, number];
    return new RateLimiterRes(Math.max(this.rule.points - consumed, 0), ttl, consumed, false);
  }
}

/** Host, port and database of a redis:// URL, never its password. */
export function describeRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '6379'}${u.pathname && u.pathname !== '/' ? u.pathname : ''}`;
  } catch {
    return 'invalid-url';
  }
}

function connect(url: string, name: string): Redis {
  const client = new Redis(url, {
    lazyConnect: true,
    connectionName: name,
    // While Redis is gone, a command fails at once (the limiter falls back) instead of queueing behind a reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(200 * times, 2000),
  });
  // Quiet until the first connection: a start-up failure is reported once, by open().
  let ready = false;
  let lost = false;
  client.on('error', (err: Error) => {
    if (ready && !lost) logger.warn('redis connection lost', { redis: describeRedisUrl(url), connection: name, error: err.message });
    lost = ready;
  });
  client.on('ready', () => {
    if (lost) logger.info('redis connection is back', { redis: describeRedisUrl(url), connection: name });
    ready = true;
    lost = false;
  });
  return client;
}

async function open(client: Redis, url: string, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      client.connect().then(() => client.ping()),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs))),
    ]);
  } catch (err) {
    client.disconnect();
    throw new LimitStoreSetupError(`cannot use Redis at ${describeRedisUrl(url)} for the rate limits: ${(err as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Counts shared by every instance in Redis, with the library's atomic script (one round trip a consume). */
export async function redisEngine(url: string, timeoutMs = 5000): Promise<LimitEngine> {
  // Two connections: ioredis defines the script as a command per connection, and the sliding rules need their own.
  const fixed = connect(url, 'trip-explorer-limits');
  const sliding = connect(url, 'trip-explorer-limits-sliding');
  try {
    await open(fixed, url, timeoutMs);
    await open(sliding, url, timeoutMs);
  } catch (err) {
    fixed.disconnect();
    sliding.disconnect();
    throw err;
  }
  return {
    name: 'redis',
    describe: () => `redis ${describeRedisUrl(url)}`,
    slidesAtomically: true,
    limiter: (rule: LimitRule) =>
      new RedisLimiter(
        {
          storeClient: rule.sliding ? sliding : fixed,
          keyPrefix: `limits:${rule.name}`,
          points: rule.points,
          duration: rule.durationSec,
          rejectIfRedisNotReady: true,
          ...blockWhenRefused(rule),
          ...(rule.sliding ? { customIncrTtlLuaScript: SLIDING_SCRIPT } : {}),
        },
        rule.sliding ? sliding : fixed,
        rule,
      ),
    health: () => (fixed.status === 'ready' && sliding.status === 'ready' ? true : `redis ${describeRedisUrl(url)}: ${fixed.status}`),
    stats: () => ({ redis_up: fixed.status === 'ready' && sliding.status === 'ready' ? 1 : 0 }),
    async close() {
      await Promise.all([fixed.quit().catch(() => fixed.disconnect()), sliding.quit().catch(() => sliding.disconnect())]);
    },
  };
}
