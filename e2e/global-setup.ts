// The server the browser tests run against: the production build (`npm run build` first), started once for the run
// on the port its bind gets (port 0; E2E_PORT pins one), with the SMTP server the account journeys read, also on port
// 0. Playwright's own webServer needs its port known before the start, which anything else on the machine could take
// in between. The URL and the mail spool reach the workers through the environment, which they inherit.
import fs from 'node:fs';
import path from 'node:path';
import { startServer } from '../scripts/hardening/support/server-process';
import { startSmtpServer } from '../tests/support/smtp';
import { E2E_BASE_URL_VARIABLE, E2E_MAIL_SPOOL_VARIABLE, e2eDataDir } from '../playwright.config';

export default async function globalSetup() {
  fs.rmSync(e2eDataDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(e2eDataDir), { recursive: true });
  const spoolDir = fs.mkdtempSync(path.join(path.dirname(e2eDataDir), 'e2e-mail-'));
  const smtp = await startSmtpServer({ spoolDir });

  const pinned = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined;
  const server = await startServer({
    entry: 'server.ts',
    dataDir: e2eDataDir,
    port: pinned,
    readyTimeoutMs: 180_000,
    env: {
      NODE_ENV: 'production',
      DEMO: 'true',
      ROADS_DEMO: 'true',
      PLACES_SEED_COUNT: '3000',
      LOG_REQUESTS: 'false',
      // The whole suite browses from one address, faster than a person: the per-visitor limit is tested in vitest.
      EXPLORER_RATE_PER_MINUTE: '100000',
      SMTP_URL: smtp.url,
      // Likewise every sign-up of the account journeys: the limit itself is tested in vitest.
      SELF_SERVICE_LIMIT_PER_HOUR: '1000',
    },
  }).catch(async (err) => {
    await smtp.close();
    throw err;
  });
  server.child.stderr!.on('data', (chunk: Buffer) => process.stderr.write(chunk));

  process.env[E2E_BASE_URL_VARIABLE] = `http://localhost:${server.port}`;
  process.env[E2E_MAIL_SPOOL_VARIABLE] = spoolDir;
  process.stdout.write(`e2e server: http://localhost:${server.port} (${e2eDataDir})\n`);

  return async () => {
    await server.stop();
    await smtp.close();
    fs.rmSync(spoolDir, { recursive: true, force: true });
  };
}
