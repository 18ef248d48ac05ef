// An import stopped midway (Ctrl-C while SQLite writes, or killed) leaves its spool in TMPDIR; the next import on
// the host removes it, and leaves alone a spool whose import still runs.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LineSpool } from '@/lib/places/osm/spool';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'spool-abandoned-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function withTmpdir<T>(fn: () => T): T {
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
  try {
    return fn();
  } finally {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  }
}

describe('the places import’s spool', () => {
  it('removes the spools of imports no longer running on this host, and keeps those of one still running', () => {
    const ended = spawnSync('true').pid!;
    const running = spawn('sleep', ['60']);
    try {
      const abandoned = path.join(tmp, `places-spool-${os.hostname()}-${ended}-AbC123`);
      const live = path.join(tmp, `places-spool-${os.hostname()}-${running.pid}-XyZ789`);
      const otherHost = path.join(tmp, `places-spool-elsewhere-${ended}-QqQ000`);
      for (const dir of [abandoned, live, otherHost]) {
        fs.mkdirSync(dir);
        fs.writeFileSync(path.join(dir, 'part-0'), 'a draft\n');
      }
      const spool = withTmpdir(() => new LineSpool());
      expect(fs.existsSync(abandoned)).toBe(false);
      expect(fs.existsSync(live)).toBe(true);
      expect(fs.existsSync(otherHost)).toBe(true);
      expect(path.basename(spool.dir)).toMatch(new RegExp(`^places-spool-${os.hostname()}-${process.pid}-`));
      spool.close();
      expect(fs.existsSync(spool.dir)).toBe(false);
    } finally {
      running.kill();
    }
  });
});
