import http, { STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { explorerClientSecret, missingExplorerSecret } from '@/lib/auth/explorer-client-secret';
import { withBoundPort } from '@/lib/config/bound-port';
import { ConfigError, type AppConfig } from '@/lib/config/env';
import { publishConfig } from '@/lib/config/runtime';
import { LIMIT_STORE, type LimitStore, openLimitStore } from '@/lib/limits';
import { checkSqliteStores, type DataDir, openDataDir } from '@/lib/core/data-dir';
import { DEMO_CREDENTIALS_FILE, readDemoCredentials } from '@/lib/core/demo-credentials';
import { logger } from '@/lib/core/logger';
import { lookup, publish, unpublish } from '@/lib/core/registry';
import { loadSecrets, type Secrets } from '@/lib/core/secrets';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { prepareNext } from './next-handler';
import { requestListener } from './serve-request';

export interface AppServer {
  server: http.Server;
  context: ServerContext;
  subsystems: Subsystem[];
  url: string;
  close(): Promise<void>;
}

export interface AppServerOptions {
  /** Serve the Next.js app for every path no subsystem takes; integration tests of the APIs leave it off. */
  web?: boolean;
  /** Print the demo credentials after seeding a fresh data directory. */
  announce?: boolean;
}

/** Makes one subsystem once the data directory and secrets are ready; started in order, closed together. */
export type SubsystemFactory = (ctx: ServerContext) => Promise<Subsystem>;

/** The data directory and its secrets; generated demo secrets are refused in production outside a demo. */
function openDataDirAndSecrets(config: AppConfig): { dataDir: DataDir; secrets: Secrets } {
  const dataDir = openDataDir(config.dataDir);
  checkSqliteStores(dataDir);
  const secrets = loadSecrets(dataDir);
  if (config.mode === 'production' && !config.demo && secrets.generated.length > 0) {
    throw new ConfigError(
      `refusing to start in production with generated demo secrets (${secrets.generated.join(', ')}): ` +
        'set them in the environment, or set DEMO=true to run a demo',
    );
  }
  // next-auth reads its settings from the environment.
  process.env.NEXTAUTH_URL ??= config.publicUrl;
  process.env.NEXTAUTH_SECRET = secrets.nextAuthSecret;
  process.env.DATA_DIR = config.dataDir;
  return { dataDir, secrets };
}

async function openLimits(config: AppConfig): Promise<LimitStore> {
  const limits = await openLimitStore(config);
  logger.info('limit store', { store: limits.describe() });
  // The Explorer's route handlers (Next's bundles) count each person's trip place lookups on the same store.
  publish(LIMIT_STORE, limits);
  return limits;
}

async function closeStores(subsystems: Subsystem[], limits: LimitStore) {
  for (const s of subsystems) await s.close();
  if (lookup(LIMIT_STORE) === limits) unpublish(LIMIT_STORE);
  await limits.close();
}

/** Makes the subsystems in order; on a failure closes those made and the limit store, and throws. */
async function startSubsystems(context: ServerContext, factories: SubsystemFactory[], options: AppServerOptions): Promise<Subsystem[]> {
  const subsystems: Subsystem[] = [];
  try {
    for (const make of factories) subsystems.push(await make(context));
    // The Explorer signs in with its OpenID client's secret; without one every sign-in would be a 500. Checked once
    // the identity subsystem has seeded (a fresh demo records the secret then), before anything listens.
    if (options.web !== false && !explorerClientSecret(context.config)) throw new ConfigError(missingExplorerSecret(context.config));
  } catch (err) {
    await closeStores(subsystems, context.limits);
    throw err;
  }
  return subsystems;
}

/** Node answers an oversized or malformed request before any handler sees it; answer in JSON all the same. */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex) {
  if (!socket.writable || err.code === 'ECONNRESET') return socket.destroy();
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({
    error: status === 431
      ? { code: 'request_too_large', message: 'the request line and headers must not exceed 16 KiB' }
      : { code: 'bad_request', message: 'malformed HTTP request' },
  });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Listens on the configured host and port; resolves the port taken (the configured one, or any free one for 0). */
async function listen(server: http.Server, config: AppConfig): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** What the port answers between the bind and the end of the start: a load balancer's health check waits. */
function answerStarting(_req: http.IncomingMessage, res: http.ServerResponse) {
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '1' });
  res.end(JSON.stringify({ error: { code: 'starting', message: 'the server is starting; try again in a moment' } }));
}

function closeServer(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}

/** Names only: standard output ends up in terminals, CI logs and log collectors; the secrets stay in the file (0600). */
function announceDemoCredentials(dataDir: DataDir) {
  const credentials = readDemoCredentials(dataDir);
  if (Object.keys(credentials).length === 0) return;
  const users = (credentials.users ?? []).map((u) => u.username).join(', ');
  // On a shared database another instance may have seeded the accounts: this one then records only the clients.
  process.stdout.write(
    users
      ? `\nDemo accounts created (users: ${users}). Their passwords and the demo API client secrets are in ${dataDir.file(DEMO_CREDENTIALS_FILE)}\n\n`
      : `\nThe demo accounts were seeded by another instance; the demo API client secrets are in ${dataDir.file(DEMO_CREDENTIALS_FILE)}\n\n`,
  );
}

/**
 * The line a supervisor or a test reads the bound port from (with PORT=0 it is the kernel's choice): one JSON line
 * with msg "listening" and the port, written once the server answers.
 */
export function logListening(app: AppServer) {
  const { publicUrl, port, mode, demo, dataDir } = app.context.config;
  logger.info('listening', { url: publicUrl, port, mode, demo, dataDir });
}

/** Starts everything behind the port once bound, and serves it; on a failure closes the port and throws. */
async function serveOnBoundServer(config: AppConfig, factories: SubsystemFactory[], options: AppServerOptions) {
  // Next's bundles read the configuration validated at start-up, command-line switches included (lib/config/runtime.ts).
  publishConfig(config);
  const { dataDir, secrets } = openDataDirAndSecrets(config);
  const limits = await openLimits(config);
  const context: ServerContext = { config, dataDir, secrets, limits };
  const subsystems = await startSubsystems(context, factories, options);
  const next = options.web === false ? undefined : await prepareNext(config);
  return { context, subsystems, listener: requestListener({ config, limits, subsystems, next }) };
}

/**
 * Binds the port first, so that with PORT=0 the kernel's choice is known before anything derives a URL from it
 * (lib/config/bound-port.ts), and a taken port fails the start at once; then prepares the data directory, secrets
 * and subsystems, and serves everything on that one port.
 */
export async function createAppServer(configured: AppConfig, factories: SubsystemFactory[], options: AppServerOptions = {}): Promise<AppServer> {
  let listener: http.RequestListener = answerStarting;
  const server = http.createServer((req, res) => listener(req, res));
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  const port = await listen(server, configured);
  const config = withBoundPort(configured, port);

  let started: Awaited<ReturnType<typeof serveOnBoundServer>>;
  try {
    started = await serveOnBoundServer(config, factories, options);
  } catch (err) {
    await closeServer(server);
    throw err;
  }
  listener = started.listener;
  const { context, subsystems } = started;
  if (context.dataDir.firstStart && options.announce) announceDemoCredentials(context.dataDir);

  return {
    server,
    context,
    subsystems,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await closeServer(server);
      await closeStores(subsystems, context.limits);
    },
  };
}
