import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FrontDoor {
  /** The stable address: give it to the servers as PUBLIC_URL, and to clients. */
  url: string;
  /** Sends every request from now on to this server (its own loopback URL). */
  pointAt(serverUrl: string): void;
  close(): Promise<void>;
}

/**
 * One address in front of servers that restart on new ports, as a balancer keeps its address while instances come
 * and go: a restarted server keeps its public URL (and its issuer) without being started on the port it had, which
 * anything else on the machine may have taken in between. It binds port 0 itself.
 */
export async function startFrontDoor(): Promise<FrontDoor> {
  let target: URL | null = null;
  const server = http.createServer((req, res) => {
    if (!target) return void res.writeHead(502).end();
    // A new connection per request (no agent): a server stopped since holds no pooled socket here.
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    pointAt: (serverUrl) => void (target = new URL(serverUrl)),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
