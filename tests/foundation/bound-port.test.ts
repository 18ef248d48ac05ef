// Issue 48: a server binds port 0 itself and reports the port it got; what derives from the port is made after the bind.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { createAppServer } from '@/lib/app/app-server';
import { withBoundPort } from '@/lib/config/bound-port';
import { loadConfig } from '@/lib/config/env';
import type { ServerContext, Subsystem } from '@/lib/server/subsystem';
import { announcedPort } from '@/scripts/hardening/support/server-process';
import { startApiServer, tempDataDir } from '../support/test-server';

describe('withBoundPort', () => {
  it('names the bound port in every URL derived from PORT=0', () => {
    const config = withBoundPort(loadConfig({ PORT: '0' }), 41234);
    expect(config.port).toBe(41234);
    expect(config.publicUrl).toBe('http://localhost:41234');
    expect(config.appUrl).toBe('http://localhost:41234');
    expect(config.explorerClient.issuer).toBe('http://localhost:41234/identity');
    expect(config.placesApi.url).toBe('http://127.0.0.1:41234');
  });

  it('keeps the URLs an operator set', () => {
    const env = { PORT: '0', PUBLIC_URL: 'https://trips.example.com', PLACES_API_URL: 'http://places.internal:8080', IDENTITY_ISSUER: 'https://id.example.com/identity' };
    const config = withBoundPort(loadConfig(env), 41234);
    expect(config).toMatchObject({ port: 41234, publicUrl: 'https://trips.example.com', appUrl: 'https://trips.example.com' });
    expect(config.explorerClient.issuer).toBe('https://id.example.com/identity');
    expect(config.placesApi.url).toBe('http://places.internal:8080');
  });

  it('changes nothing when the configured port is the bound one', () => {
    const config = loadConfig({ PORT: '4100' });
    expect(withBoundPort(config, 4100)).toBe(config);
  });
});

describe('announcedPort', () => {
  it('reads the port from the server\'s "listening" line only', () => {
    expect(announcedPort(JSON.stringify({ time: 't', level: 'info', msg: 'listening', url: 'http://localhost:40001', port: 40001 }))).toBe(40001);
    expect(announcedPort(JSON.stringify({ msg: 'limit store', port: 40001 }))).toBeNull();
    expect(announcedPort('{"msg":"listening","port":"40001"}')).toBeNull();
    expect(announcedPort('{not json')).toBeNull();
    expect(announcedPort('Demo accounts created')).toBeNull();
  });
});

describe('a server on port 0', () => {
  it('listens on the port the kernel gave it, and its public URL and issuer name that port', async () => {
    const app = await startApiServer();
    try {
      const { port } = app.server.address() as net.AddressInfo;
      expect(port).toBeGreaterThan(0);
      expect(app.config.port).toBe(port);
      expect(app.url).toBe(`http://127.0.0.1:${port}`);
      expect(app.config.publicUrl).toBe(`http://localhost:${port}`);
      const discovery = (await (await fetch(`${app.url}/identity/.well-known/openid-configuration`)).json()) as { issuer: string };
      expect(discovery.issuer).toBe(`http://localhost:${port}/identity`);
    } finally {
      await app.close();
    }
  });

  it('answers 503 "starting" between the bind and the end of the start, then serves', async () => {
    let finishStart!: () => void;
    const started = new Promise<void>((resolve) => (finishStart = resolve));
    let tellPort!: (port: number) => void;
    const bound = new Promise<number>((resolve) => (tellPort = resolve));
    // A subsystem that starts only when told: it sees the configuration made after the bind.
    const slow = async (ctx: ServerContext): Promise<Subsystem> => {
      tellPort(ctx.config.port);
      await started;
      return { name: 'slow', handle: () => false, ready: () => true, close: () => {} };
    };
    const config = { ...loadConfig({ NODE_ENV: 'test', PORT: '0' }), host: '127.0.0.1', dataDir: tempDataDir('bound-port'), logRequests: false };
    const server = createAppServer(config, [slow], { web: false });
    const port = await bound;
    expect(port).toBeGreaterThan(0);
    const early = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('1');
    expect(await early.json()).toEqual({ error: { code: 'starting', message: expect.stringMatching(/starting/) } });
    finishStart();
    const app = await server;
    try {
      expect(app.context.config.port).toBe(port);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('fails the start at once, before anything is opened, when a fixed port is taken', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    let opened = false;
    const never = async (): Promise<Subsystem> => {
      opened = true;
      throw new Error('not reached');
    };
    try {
      const config = { ...loadConfig({ NODE_ENV: 'test', PORT: String(port) }), host: '127.0.0.1', dataDir: tempDataDir('bound-port-taken') };
      await expect(createAppServer(config, [never], { web: false })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(opened).toBe(false);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});
