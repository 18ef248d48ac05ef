import type { ApiErrorBody } from './types';

export class ExplorerApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** From a 429's Retry-After header: how long the page tells the person to wait. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** GETs one of the Explorer's own route handlers; failures carry the server's message for the page to show. */
export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new ExplorerApiError(0, 'network', 'Could not reach the server. Check your connection.');
  }
  const body = (await response.json().catch(() => null)) as (T & Partial<ApiErrorBody>) | null;
  if (response.ok && body) return body;
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new ExplorerApiError(
    response.status,
    body?.error?.code ?? 'error',
    body?.error?.message ?? `The server answered ${response.status}.`,
    Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/** The answer of a write to one of the Explorer's own route handlers: its status and its JSON body (null when none). */
export interface SentJson<B> {
  status: number;
  ok: boolean;
  body: B | null;
}

/** Sends a JSON body (or none) to one of the Explorer's own route handlers; a network failure is said plainly. */
export async function sendJson<B>(url: string, method: string, body?: unknown): Promise<SentJson<B>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ExplorerApiError(0, 'network', 'Could not reach the server. Check your connection.');
  }
  const parsed = response.status === 204 ? null : ((await response.json().catch(() => null)) as B | null);
  return { status: response.status, ok: response.ok, body: parsed };
}
