import http from 'node:http';
import type { AppServer } from '@/lib/app/app-server';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request as a browser or proxy sends it, read as bytes: no fetch undoing gzip or following anything. */
export function rawRequest(app: AppServer, path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${app.url}${path}`, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

export const jsonOf = (answer: RawAnswer) => JSON.parse(answer.body.toString());
