import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
export const e2eDataDir = '.test-data/e2e';
/** The SMTP server the account journeys start in-process (e2e/support/mailbox.ts); the app sends its mail there. */
export const e2eSmtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 25);

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
  webServer: {
    command: `rm -rf ${e2eDataDir} && mkdir -p $(dirname ${e2eDataDir}) && node_modules/.bin/tsx server.ts`,
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      DEMO: 'true',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: e2eDataDir,
      PLACES_SEED_COUNT: '3000',
      LOG_REQUESTS: 'false',
      NEXT_TELEMETRY_DISABLED: '1',
      // The whole suite browses from one address, faster than a person: the per-visitor limit is tested in vitest.
      EXPLORER_RATE_PER_MINUTE: '100000',
      SMTP_URL: `smtp://127.0.0.1:${e2eSmtpPort}`,
      // Likewise every sign-up of the account journeys: the limit itself is tested in vitest.
      SELF_SERVICE_LIMIT_PER_HOUR: '1000',
    },
  },
});
