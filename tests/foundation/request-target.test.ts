import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { originFormTarget } from '@/lib/server/request-target';
import { startApiServer } from '../support/test-server';

/** One raw HTTP/1.1 request (fetch cannot send `*` or an absolute-form target): status line, headers, body. */
function rawRequest(url: string, requestLine: string): Promise<{ status: number; headers: string; body: string }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`${requestLine}\r\nHost: localhost:${port}\r\nConnection: close\r\n\r\n`));
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [headers, ...rest] = data.split('\r\n\r\n');
      let body = rest.join('\r\n\r\n');
      if (/transfer-encoding: chunked/i.test(headers)) body = unchunk(body);
      resolve({ status: Number(headers.split(' ')[1]), headers: headers.toLowerCase(), body });
    });
  });
}

function unchunk(body: string): string {
  let out = '';
  for (let at = 0; ; ) {
    const lineEnd = body.indexOf('\r\n', at);
    const size = parseInt(body.slice(at, lineEnd), 16);
    if (!size) return out;
    out += body.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

describe('originFormTarget', () => {
  it('keeps a path, reduces an absolute URL to its path and query, and has no path for the rest', () => {
    expect(originFormTarget('/api/v2/search?a=1')).toBe('/api/v2/search?a=1');
    expect(originFormTarget('http://example.com/trips?x=%20')).toBe('/trips?x=%20');
    expect(originFormTarget('HTTPS://example.com')).toBe('/');
    expect(originFormTarget('*')).toBeNull();
    expect(originFormTarget('example.com:443')).toBeNull();
    expect(originFormTarget('http://')).toBeNull();
  });
});

describe('request targets that are not a path', () => {
  it('answers OPTIONS * with what the server allows, any other target without a path with a JSON 400, and serves an absolute-form target', async () => {
    const app = await startApiServer();
    try {
      const options = await rawRequest(app.url, 'OPTIONS * HTTP/1.1');
      expect(options.status).toBe(204);
      expect(options.headers).toContain('allow: get, head, post, put, patch, delete, options');

      for (const line of ['GET * HTTP/1.1', 'GET example.com:443 HTTP/1.1']) {
        const refused = await rawRequest(app.url, line);
        expect(refused.status, line).toBe(400);
        expect(JSON.parse(refused.body), line).toMatchObject({ error: { code: 'bad_request' } });
      }

      const absolute = await rawRequest(app.url, `GET http://localhost:1/healthz HTTP/1.1`);
      expect(absolute.status).toBe(200);
      expect(JSON.parse(absolute.body)).toMatchObject({ status: 'ok' });
    } finally {
      await app.close();
    }
  });
});
