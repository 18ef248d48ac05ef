import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { MapImportError } from '@/lib/map/import/errors';
import { runTool } from '@/lib/map/import/run-tool';
import { tempDataDir } from '../support/temp-dirs';

it('says which package to install when a tool is missing, writing to a file or not', async () => {
  const out = path.join(tempDataDir('run-tool'), 'out.txt');
  for (const options of [{ stdoutFile: out }, {}]) {
    await expect(runTool('tilemaker-not-installed', ['--help'], options)).rejects.toThrow(
      new MapImportError("making the map needs tilemaker-not-installed: run 'sudo apt-get install tilemaker-not-installed' and try again"),
    );
  }
});

it('writes a tool’s output to the file and keeps the end of what it said on its error output', async () => {
  const out = path.join(tempDataDir('run-tool'), 'out.txt');
  const run = await runTool('sh', ['-c', 'echo first; echo oops >&2; exit 3'], { stdoutFile: out });
  expect(run).toEqual({ code: 3, stderr: 'oops\n' });
  expect(fs.readFileSync(out, 'utf8')).toBe('first\n');
});
