import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('start-up with an unreachable Redis', () => {
  it('exits non-zero with one clear line', () => {
    const tsx = path.resolve('node_modules/.bin/tsx');
    const result = spawnSync(tsx, ['server.ts'], {
      env: { ...process.env, NODE_ENV: 'test', DATA_DIR: path.join(os.tmpdir(), `te-redis-down-${process.pid}`), PORT: '0', REDIS_URL: 'redis://127.0.0.1:1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    const errors = result.stderr.trim().split('\n').filter((l) => l.startsWith('error:'));
    expect(errors).toEqual([expect.stringMatching(/^error: cannot use Redis at 127\.0\.0\.1:1 for the rate limits: /)]);
  });
});
