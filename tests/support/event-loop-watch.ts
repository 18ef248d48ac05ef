import { appendFileSync } from 'node:fs';
import { afterAll, beforeEach, expect } from 'vitest';

const log = process.env.VITEST_BLOCK_LOG;
if (log) {
  let label = 'hooks';
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const held = now - last - 50;
    last = now;
    if (held > 1500) appendFileSync(log, `${Math.round(held)}\t${expect.getState().testPath}\t${label}\n`);
  }, 50);
  timer.unref();
  beforeEach(() => {
    label = expect.getState().currentTestName ?? 'test';
  });
  afterAll(() => {
    label = 'afterAll';
  });
}
