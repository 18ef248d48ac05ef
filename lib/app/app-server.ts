import http, { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import compression from 'compression';
import type { AddressInfo } from 'node:net';
import { explorerClientSecret, missingExplorerSecret } from '@/lib/auth/explorer-client-secret';
import { ConfigError, type AppConfig } from '@/lib/config/env';
import { publishConfig } from '@/lib/config/runtime';
import { LIMIT_STORE, openLimitStore } from '@/lib/limits';
import { serveMetrics } from '@/lib/server/metrics-endpoint';
import { httpRequests } from '@/lib/metrics/metrics';
import { routeLabel } from '@/lib/metrics/route-label';
import { checkSqliteStores, openDataDir } from '@/lib/core/data-dir';
import { DEMO_CREDENTIALS_FILE, readDemoCredentials } from '@/lib/core/demo-credentials';
import { logger } from '@/lib/core/logger';
import { lookup, publish, unpublish } from '@/lib/core/registry';
import { originFormTarget } from '@/lib/server/request-target';
import { loadSecrets } from '@/lib/core/secrets';
import { createVisitorLimit } from '@/lib/server/visitor-limit';
import { applySecurityHeaders, originOf, securityHeaders } from '@/lib/server/security-headers';
import type { HealthChecks } from '@/lib/core/health';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';

type NextHandler = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

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

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** Prepares the data directory, secrets and subsystems, then serves everything on one port. */
function decodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

export async function createAppServer(config: AppConfig, factories: SubsystemFactory[], options: AppServerOptions = {}): Promise<AppServer> {
  // Next's bundles read the configuration validated at start-up, command-line switches included (lib/config/runtime.ts).
  publishConfig(config);
  const dataDir = openDataDir(config.dataDir);
  checkSqliteStores(dataDir);
  const secrets = loadSecrets(dataDir);
  if (config.mode === 'production' && !config.demo && secrets.generated.length > 0) {
    throw new ConfigError(
      `refusing to start in production with generated demo secrets (${secrets.generated.join(', ')}): ` +
        'set them in the environment, or set DEMO=true to run a demo',
    );
  }
  process.env.NEXTAUTH_URL ??= config.publicUrl;
  process.env.NEXTAUTH_SECRET = secrets.nextAuthSecret;
  process.env.DATA_DIR = config.dataDir;

  const limits = await openLimitStore(config);
  logger.info('limit store', { store: limits.describe() });
  // The Explorer's route handlers (Next's bundles) count each person's trip place lookups on the same store.
  publish(LIMIT_STORE, limits);
  const context: ServerContext = { config, dataDir, secrets, limits };
  const subsystems: Subsystem[] = [];
  try {
    for (const make of factories) subsystems.push(await make(context));
    // The Explorer signs in with its OpenID client's secret; without one every sign-in would be a 500. Checked once
    // the identity subsystem has seeded (a fresh demo records the secret then), before anything listens.
    if (options.web !== false && !explorerClientSecret(process.env)) throw new ConfigError(missingExplorerSecret(process.env));
  } catch (err) {
    for (const s of subsystems) await s.close();
    if (lookup(LIMIT_STORE) === limits) unpublish(LIMIT_STORE);
    await limits.close();
    throw err;
  }

  let nextHandler: NextHandler | undefined;
  if (options.web !== false) {
    const { default: next } = await import('next');
    const app = next({ dev: config.mode === 'development', dir: process.cwd(), hostname: 'localhost', port: config.port });
    await app.prepare();
    const handle = app.getRequestHandler();
    // A custom server owns compression of the pages and bundles; the Place API's small JSON stays uncompressed.
    const compress = compression();
    nextHandler = (req, res) =>
      new Promise<void>((resolve, reject) => {
        compress(req as never, res as never, () => handle(req, res).then(resolve, reject));
      });
  }

  const headers = securityHeaders(config.publicUrl, originOf(config.mapStyleUrl ?? undefined), { development: config.mode === 'development' });
  const refuseOverBudget = createVisitorLimit(config.explorerRatePerMinute, config, limits);
  const storeChecks = (): HealthChecks => {
    const checks: HealthChecks = {};
    for (const s of subsystems) Object.assign(checks, s.health?.());
    return Object.assign(checks, limits.health());
  };
  const server = http.createServer(async (req, res) => {
    const started = process.hrtime.bigint();
    applySecurityHeaders(req, res, headers);
    const target = originFormTarget(req.url ?? '/');
    if (target === null) {
      // `OPTIONS *` asks what the server as a whole allows; no other request can do without a path.
      if (req.method === 'OPTIONS' && req.url === '*') {
        res.writeHead(204, { allow: 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS' });
        return res.end();
      }
      return sendJson(res, 400, { error: { code: 'bad_request', message: 'the request target must be a path' } });
    }
    req.url = target;
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://internal');
    } catch {
      url = new URL('http://internal/');
    }
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const method = req.method === 'GET' || req.method === 'POST' || req.method === 'HEAD' ? req.method : 'other';
      httpRequests.observe({ route: routeLabel(url.pathname), method, status: String(res.statusCode) }, ms / 1000);
      // The path only: query strings can carry codes and states that do not belong in logs.
      if (config.logRequests) logger.info('request', { method: req.method, path: url.pathname, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
    });
    try {
      if (url.pathname === '/healthz') {
        const ready = Object.fromEntries(subsystems.map((s) => [s.name, s.ready()]));
        const ok = Object.values(ready).every(Boolean);
        return sendJson(res, ok ? 200 : 503, { status: ok ? 'ok' : 'unavailable', checks: { ...ready, ...storeChecks() } });
      }
      // Without METRICS_TOKEN there is no /metrics: the path goes on like any other (404).
      if (url.pathname === '/metrics' && config.metricsToken) return await serveMetrics(req, res, config.metricsToken, { limits, checks: storeChecks });
      for (const subsystem of subsystems) {
        if (await subsystem.handle(req, res, url)) return;
      }
      // Next answers a path it cannot percent-decode (`/api/places/%zz`) with a 500; it is the client's mistake.
      if (nextHandler && !decodablePath(url.pathname)) {
        const api = url.pathname.startsWith('/api/');
        return sendJson(res, 400, { error: { code: api ? 'invalid_parameter' : 'bad_request', message: 'the path is not valid percent-encoding' } });
      }
      if (await refuseOverBudget(req, res, url.pathname)) return;
      if (nextHandler) return await nextHandler(req, res);
      sendJson(res, 404, { error: { code: 'not_found', message: 'not found' } });
    } catch (err) {
      logger.error('unhandled request error', { path: url.pathname, error: String((err as Error)?.stack ?? err) });
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'internal_error', message: 'internal error' } });
      else res.destroy();
    }
  });
  server.keepAliveTimeout = 65_000;
  // Node answers an oversized or malformed request before any handler sees it; answer in JSON all the same.
  server.on('clientError', (err: NodeJS.ErrnoException, socket) => {
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
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  // Names only: standard output ends up in terminals, CI logs and log collectors; the secrets stay in the file (0600).
  if (dataDir.firstStart && options.announce) {
    const credentials = readDemoCredentials(dataDir);
    if (Object.keys(credentials).length > 0) {
      const users = (credentials.users ?? []).map((u) => u.username).join(', ');
      // On a shared database another instance may have seeded the accounts: this one then records only the clients.
      process.stdout.write(
        users
          ? `\nDemo accounts created (users: ${users}). Their passwords and the demo API client secrets are in ${dataDir.file(DEMO_CREDENTIALS_FILE)}\n\n`
          : `\nThe demo accounts were seeded by another instance; the demo API client secrets are in ${dataDir.file(DEMO_CREDENTIALS_FILE)}\n\n`,
      );
    }
  }

  return {
    server,
    context,
    subsystems,
    url: `http://127.0.0.1:${port}`,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      for (const s of subsystems) await s.close();
      if (lookup(LIMIT_STORE) === limits) unpublish(LIMIT_STORE);
      await limits.close();
    },
  };
}
