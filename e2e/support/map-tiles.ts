// Issue 51: an operator's server whose map was made from the Vancouver extract (`npm run map:import`), served by a
// server of its own so that no other spec's map changes.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base } from '@playwright/test';
import { NODE_WITH_TSX, ROOT, startServer } from '../../scripts/hardening/support/server-process';

export const VANCOUVER_EXTRACT = path.resolve(ROOT, '../shared/osm/vancouver_canada.osm.pbf');

const importInto = (dataDir: string, script: string, extract: string, ...args: string[]) =>
  execFileSync(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), script, extract, ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } });

/** A server whose map and roads both came from the Vancouver extract, with the demo's accounts and places. */
export const test = base.extend<object, { mapServer: { url: string; dataDir: string } }>({
  mapServer: [
    async ({}, provide) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trip-explorer-map-'));
      const dataDir = path.join(dir, 'data');
      fs.mkdirSync(dataDir);
      importInto(dataDir, 'scripts/map/import.ts', VANCOUVER_EXTRACT);
      importInto(dataDir, 'scripts/roads/import.ts', VANCOUVER_EXTRACT, '--name', 'Vancouver');
      const server = await startServer({
        entry: 'server.ts',
        dataDir,
        readyTimeoutMs: 240_000,
        env: { NODE_ENV: 'production', DEMO: 'true', LOG_REQUESTS: 'false', EXPLORER_RATE_PER_MINUTE: '100000' },
      });
      try {
        // The name the server calls itself (its PUBLIC_URL, derived from the port): sign-in comes back to it.
        await provide({ url: server.url.replace('127.0.0.1', 'localhost'), dataDir });
      } finally {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ mapServer }, provide) => provide(mapServer.url),
});
