// Issue 50: an operator's store with places imported from an OpenStreetMap extract (the Moab extract the vitest
// suite writes), served by a server of its own; the Explorer searching them and a drawer with their hours and credit.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';
import { NODE_WITH_TSX, ROOT, type ServerProcess, startServer } from '../../scripts/hardening/support/server-process';
import { extractBefore, writeExtract } from '../../tests/places/support/osm-fixtures';
import { ExplorerDriver } from './explorer-driver';

/** A production server on a DATA_DIR whose places came from `npm run places:import` of the Moab extract. */
async function startImportedServer(): Promise<{ server: ServerProcess; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trip-explorer-osm-'));
  const extract = writeExtract(dir, 'moab.opl', extractBefore());
  execFileSync(NODE_WITH_TSX[0], [...NODE_WITH_TSX.slice(1), 'scripts/places/import.ts', extract, '--db', path.join(dir, 'data', 'places.sqlite')], { cwd: ROOT });
  const server = await startServer({
    entry: 'server.ts',
    dataDir: path.join(dir, 'data'),
    readyTimeoutMs: 240_000,
    env: { NODE_ENV: 'production', DEMO: 'true', ROADS_DEMO: 'false', LOG_REQUESTS: 'false', EXPLORER_RATE_PER_MINUTE: '100000' },
  });
  return { server, dir };
}

export const test = base.extend<object, { importedServer: { url: string } }>({
  importedServer: [
    async ({}, provide) => {
      const { server, dir } = await startImportedServer();
      try {
        await provide({ url: server.url });
      } finally {
        await server.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 300_000 },
  ],
  baseURL: async ({ importedServer }, provide) => provide(importedServer.url),
});

/** Searches around Moab, opens the RV dealer from the list with the keyboard, and reads its drawer. */
export async function searchImportedPlaces(page: Page, testInfo: TestInfo, size: 'desktop' | 'phone') {
  const explorer = new ExplorerDriver(page, testInfo);
  await explorer.openExplorer('circle=-109.52,38.59,30000');
  await expect(explorer.resultButtons.first()).toBeVisible();
  // Real places: no "Demo data" label anywhere.
  await expect(page.getByText('Demo data')).toHaveCount(0);
  const dealer = explorer.resultButtons.filter({ hasText: 'Canyon RV Sales' });
  await expect(dealer).toHaveCount(1);
  await dealer.focus();
  await page.keyboard.press('Enter');
  await expect(explorer.drawer).toBeVisible();
  await expect(explorer.drawer.getByRole('heading', { name: 'Canyon RV Sales' })).toBeVisible();
  await expect(explorer.drawer.getByText('No features recorded.')).toBeVisible();
  const hours = explorer.drawer.getByTestId('place-hours');
  await expect(hours).toContainText('09:00–13:00');
  await expect(hours).toContainText('08:00–17:00');
  const credit = explorer.drawer.getByTestId('place-osm-credit');
  await expect(credit).toContainText('© OpenStreetMap contributors');
  await expect(credit.getByRole('link', { name: 'See or improve this place on OpenStreetMap' })).toHaveAttribute('href', 'https://www.openstreetmap.org/node/7');
  expect(await explorer.seriousAxeViolations()).toEqual([]);
  await explorer.screenshot(`osm-imported-dealer-${size}`);
  await credit.scrollIntoViewIfNeeded();
  await explorer.screenshot(`osm-imported-credit-${size}`);
}
