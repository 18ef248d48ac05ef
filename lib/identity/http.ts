import type { IncomingMessage, ServerResponse } from 'node:http';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

export function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': '0' });
  res.end();
}

export function wantsJson(req: IncomingMessage): boolean {
  return (req.headers.accept ?? '').startsWith('application/json');
}

const FORM_LIMIT = 16 * 1024;

/** An application/x-www-form-urlencoded body of at most 16 KiB. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT) return undefined;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** An application/json body of at most `limit` bytes, parsed; undefined when it is not JSON or too large. */
export async function readJsonBody(req: IncomingMessage, limit = FORM_LIMIT): Promise<unknown> {
  if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
