import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * How many browser tests run at once: one for every two cores, since a test keeps about two busy (Chromium draws the
 * map in software); E2E_WORKERS sets it. Each worker has its own server (its own data, demo accounts and mailbox), so
 * no test sees another's trips, sessions or mail.
 */
export const e2eWorkers = workersFrom(process.env.E2E_WORKERS ?? String(Math.max(1, Math.floor(os.availableParallelism() / 2))));

function workersFrom(value: string): number {
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`E2E_WORKERS must be a whole number of at least 1, not "${value}"`);
  return Number(value);
}

/** The worker's slot, 0 to e2eWorkers - 1: Playwright sets TEST_PARALLEL_INDEX in each worker before it loads this file. */
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
/** Set by the global setup (e2e/global-setup.ts) once slot's server has its port; the workers inherit it. */
export const e2eBaseUrlVariable = (forSlot: number) => `E2E_BASE_URL_${forSlot}`;
/** Where the global setup's SMTP server for slot's server writes the mail it receives (e2e/support/accounts-driver.ts). */
export const e2eMailSpoolVariable = (forSlot: number) => `E2E_MAIL_SPOOL_${forSlot}`;
export const e2eDataDirOf = (forSlot: number) => `.test-data/e2e/${forSlot}`;
// Read where the workers run, after the global setup: the runner loads this file before it, without the URL.
export const baseURL = process.env[e2eBaseUrlVariable(slot)] ?? 'http://localhost:0';
export const e2eDataDir = e2eDataDirOf(slot);
export const e2eMailSpool = () => process.env[e2eMailSpoolVariable(slot)]!;

// Debian's Chromium; Playwright downloads no browser here. These flags keep it off the closed network and give
// maplibre a software WebGL2 (SwiftShader). The page itself is rasterized by Skia on the CPU, not through SwiftShader:
// 14 % less of the GPU process's time (docs/hardening.md, "The test command's time").
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  '--disable-gpu-rasterization',
];

export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results/e2e',
  // Hang guards, not speed limits: every step waits for an event or a state. Two suites at once on 2 cores (load 20)
  // make a journey take minutes and a page state half a minute; a test that hangs still fails.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  // A file's tests run in order in one worker; the files are shared out among the workers.
  fullyParallel: false,
  workers: e2eWorkers,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // Hang guards too: an action or a wait for an event (a click, a screenshot, a download) has no bound of its own,
    // and one that never ended held a slow test for its whole 9 minutes in a CI run before its retry passed.
    actionTimeout: 60_000,
    navigationTimeout: 90_000,
    // The app's service worker answers precached scripts and pages itself, out of reach of \`page.route\`: the specs
    // that hold or fail requests need the page's own. The offline and install specs allow it (\`test.use\`).
    serviceWorkers: 'block',
    // Pages as a person who asks for less motion sees them: the map's camera jumps, skeletons and spinners hold still.
    // Every frame Chromium draws here costs the CPU (software WebGL and compositing): 14 % of the suite's time. The
    // camera's flights keep their own test (e2e/trips-map.spec.ts).
    reducedMotion: 'reduce',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /\.phone\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined },
    },
    {
      name: 'phone',
      testMatch: /\.phone\.spec\.ts$/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, channel: undefined },
    },
  ],
  globalSetup: './e2e/global-setup.ts',
});
