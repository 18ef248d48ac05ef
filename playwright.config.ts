import { defineConfig, devices } from '@playwright/test';

/** Set by the global setup (e2e/global-setup.ts) once the server has its port; the workers inherit it. */
export const E2E_BASE_URL_VARIABLE = 'E2E_BASE_URL';
/** Where the global setup's SMTP server writes the mail it receives, for the account journeys (e2e/support/accounts-driver.ts). */
export const E2E_MAIL_SPOOL_VARIABLE = 'E2E_MAIL_SPOOL';
// Read where the workers run, after the global setup: the runner loads this file before it, without the URL.
export const baseURL = process.env[E2E_BASE_URL_VARIABLE] ?? 'http://localhost:0';
export const e2eDataDir = '.test-data/e2e';

// Debian's Chromium; Playwright downloads no browser here. These flags keep it off the closed network and give
// maplibre a software WebGL2 (SwiftShader).
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
];

export default defineConfig({
  testDir: './e2e',
  outputDir: 'test-results/e2e',
  // Hang guards, not speed limits: every step waits for an event or a state. Two suites at once on 2 cores (load 20)
  // make a journey take minutes and a page state half a minute; a test that hangs still fails.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The app's service worker answers precached scripts and pages itself, out of reach of \`page.route\`: the specs
    // that hold or fail requests need the page's own. The offline and install specs allow it (\`test.use\`).
    serviceWorkers: 'block',
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
