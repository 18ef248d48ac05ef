import { describe, expect, it } from 'vitest';
import { runServerScript } from '../support/run-program';
import { tempDataDir } from '../support/temp-dirs';

describe('start-up with an unreachable Redis', { timeout: 180_000 }, () => {
  it('exits non-zero with one clear line', async () => {
    const result = await runServerScript({ NODE_ENV: 'test', DATA_DIR: tempDataDir('redis-down'), PORT: '0', REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.status).toBe(1);
    const errors = result.stderr.trim().split('\n').filter((l) => l.startsWith('error:'));
    expect(errors).toEqual([expect.stringMatching(/^error: cannot use Redis at 127\.0\.0\.1:1 for the rate limits: /)]);
  });
});
