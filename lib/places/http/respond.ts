import type { ServerResponse } from 'node:http';
import type { ApiError } from '../errors';

export function sendJson(res: ServerResponse, status: number, body: string, head: boolean, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(head ? undefined : body);
}

export function sendError(res: ServerResponse, error: ApiError, head: boolean, headers: Record<string, string> = {}): void {
  sendJson(res, error.status, JSON.stringify(error.body()), head, headers);
}
