// The one way both OpenStreetMap imports run Debian's osmium-tool (lib/core/osmium-runner.ts): a step to its end, the
// lines of a step's output, a reader that stops early, osmium stopped by someone else, and osmium not installed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { osmiumRunner } from '@/lib/core/osmium-runner';

class TestImportError extends Error {}

const osmium = osmiumRunner({ importName: 'the test import', memory: 'it needs a little', disk: 'it keeps a little' }, (m) => new TestImportError(m));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'osmium-runner-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function opl(name: string, nodes: number): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, Array.from({ length: nodes }, (_, i) => `n${i + 1} v1 x-122.${i} y37.8 Tname=N${i + 1}`).join('\n') + '\n');
  return file;
}

async function collect(lines: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

describe('osmium runner', () => {
  it("yields a step's output line by line", async () => {
    const file = opl('three.opl', 3);
    const lines = await collect(osmium.lines(file, ['cat', file, '-f', 'opl,add_metadata=false']));
    expect(lines).toEqual(['n1 Tname=N1 x-122 y37.8', 'n2 Tname=N2 x-122.1 y37.8', 'n3 Tname=N3 x-122.2 y37.8']);
  });

  it('lets a reader stop early without a failure', async () => {
    const file = opl('many.opl', 50_000);
    let read = 0;
    for await (const line of osmium.lines(file, ['cat', file, '-f', 'opl,add_metadata=false'])) {
      expect(line).toMatch(/^n\d+ /);
      if (++read === 10) break;
    }
    expect(read).toBe(10);
  });

  it('fails, in one sentence naming the extract, when osmium is stopped by someone else while it is read', async () => {
    const fifo = path.join(dir, `stopped-${process.pid}.opl`);
    execFileSync('mkfifo', [fifo]);
    // Opened for reading and writing, the pipe neither blocks this process nor breaks when osmium is gone; kept open,
    // it never ends, so osmium stays blocked reading it until a signal stops it.
    const pipe = fs.openSync(fifo, 'r+');
    fs.writeSync(pipe, 'n1 v1 x1 y1\n');
    const reading = collect(osmium.lines('/data/region.osm.pbf', ['cat', fifo, '-F', 'opl', '-f', 'opl,add_metadata=false']));
    await waitFor(() => pids(fifo).length > 0);
    for (const pid of pids(fifo)) process.kill(pid, 'SIGTERM');
    const failure = await reading.then(() => null, (err: unknown) => err);
    fs.closeSync(pipe);
    expect(failure).toBeInstanceOf(TestImportError);
    expect((failure as Error).message).toBe('osmium could not read region.osm.pbf: stopped by SIGTERM');
  });

  it('runs a step to its end, and takes getid’s exit for ids it did not find as a failure unless told otherwise', async () => {
    const file = opl('getid.opl', 2);
    const out = path.join(dir, 'got.opl');
    await osmium.run(file, ['getid', file, 'n1', '-o', out, '--overwrite']);
    expect(fs.readFileSync(out, 'utf8')).toMatch(/^n1 /);
    await osmium.run(file, ['getid', file, 'n1', 'n9', '-o', out, '--overwrite'], { missingIsFine: true });
    await expect(osmium.run(file, ['getid', file, 'n9', '-o', out, '--overwrite'])).rejects.toThrow(TestImportError);
  });

  it('says how to install osmium-tool when it is missing', async () => {
    const savedPath = process.env.PATH;
    process.env.PATH = dir;
    try {
      await expect(osmium.run('x.osm.pbf', ['fileinfo', 'x.osm.pbf'])).rejects.toThrow(
        new TestImportError("reading OpenStreetMap files needs osmium-tool: run 'sudo apt-get install osmium-tool' and try again"),
      );
      await expect(collect(osmium.lines('x.osm.pbf', ['cat', 'x.osm.pbf']))).rejects.toThrow(/needs osmium-tool/);
    } finally {
      process.env.PATH = savedPath;
    }
  });
});

function pids(pattern: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', pattern], { encoding: 'utf8' }).trim().split('\n').map(Number);
  } catch {
    return [];
  }
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}
