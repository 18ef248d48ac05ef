import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchTimeoutError, timedFetch } from '@/lib/http/timed-fetch';
import { HANG_MS } from '../support/wait';

let server: http.Server;
let url: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/slow-body') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"partial":');
      return; // the body never ends
    }
    if (req.url === '/never') return; // no answer at all
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

// The timeouts are short only where the server never answers; where it does (or refuses at once), the timeout is one
// no loaded machine reaches, so the answer, not the machine's speed, decides the outcome.
describe('timedFetch', () => {
  it('returns what the reader read', async () => {
    expect(await timedFetch(`${url}/ok`, {}, HANG_MS, (r) => r.json())).toEqual({ ok: true });
  });

  it('times out a server that never answers, and a body that never ends', async () => {
    await expect(timedFetch(`${url}/never`, {}, 200, (r) => r.json())).rejects.toBeInstanceOf(FetchTimeoutError);
    await expect(timedFetch(`${url}/slow-body`, {}, 200, (r) => r.json())).rejects.toBeInstanceOf(FetchTimeoutError);
  });

  it('reports a refused connection as itself, not as a timeout', async () => {
    const err = await timedFetch('http://127.0.0.1:1/', {}, HANG_MS, (r) => r.text()).catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(FetchTimeoutError);
  });
});
