import type { IncomingMessage, ServerResponse } from 'node:http';
import { logger } from '@/lib/core/logger';

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

/** The identity API's answer to a path that is no route of it, whatever the method. */
export function sendNoSuchApi(res: ServerResponse) {
  sendJson(res, 404, { error: 'not_found', error_description: 'no such identity API' });
}

/**
 * The identity API's answer to a failure of its own: logged with its stack, and a 500 in the API's error shape with
 * OAuth's code for it, the details kept out of the answer. An answer already under way can only be cut off.
 */
export function sendServerError(res: ServerResponse, path: string, err: unknown) {
  logger.error('identity API request failed', { path, error: String((err as Error)?.stack ?? err) });
  if (res.headersSent) res.destroy();
  else sendJson(res, 500, { error: 'server_error', error_description: 'the identity server failed to handle the request; try again later' });
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

/** The body of a request of this content type, of at most `limit` bytes; undefined otherwise. */
async function readBody(req: IncomingMessage, contentType: string, limit: number): Promise<Buffer | undefined> {
  if (!(req.headers['content-type'] ?? '').startsWith(contentType)) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** An application/x-www-form-urlencoded body of at most 16 KiB. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const body = await readBody(req, 'application/x-www-form-urlencoded', FORM_LIMIT);
  return body && new URLSearchParams(body.toString('utf8'));
}

/** An application/json body of at most `limit` bytes, parsed; undefined when it is not JSON or too large. */
export async function readJsonBody(req: IncomingMessage, limit = FORM_LIMIT): Promise<unknown> {
  const body = await readBody(req, 'application/json', limit);
  if (!body) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
