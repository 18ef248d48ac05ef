import 'server-only';
import { ZodError } from 'zod';
import { DatabaseUnavailableError } from '@/lib/db/postgres/errors';
import { HttpError } from './http-error';

export { HttpError };

const noStore = { 'cache-control': 'no-store' };

export function jsonOk(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return Response.json(body, { status: init.status ?? 200, headers: { ...noStore, ...init.headers } });
}

/** The one JSON error shape of the Explorer's handlers, the Place API's own: `{"error":{"code","message","parameter"?}}`. */
export function jsonError(status: number, code: string, message: string, parameter?: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}): Response {
  return Response.json({ ...body, error: { code, message, ...(parameter ? { parameter } : {}) } }, { status, headers: { ...noStore, ...headers } });
}

function zodMessage(error: ZodError): { message: string; parameter?: string } {
  const issue = error.issues[0];
  const parameter = issue.path.length ? issue.path.join('.') : undefined;
  return { message: parameter ? `${parameter}: ${issue.message}` : issue.message, parameter };
}

/** Turns what a handler threw into the JSON error shape; anything unexpected is rethrown (a 500 from Next). */
export function errorResponse(err: unknown): Response {
  if (err instanceof HttpError) return jsonError(err.status, err.code, err.message, err.extra.parameter, err.extra.body, err.extra.headers);
  if (err instanceof ZodError) {
    const { message, parameter } = zodMessage(err);
    return jsonError(400, 'invalid_parameter', message, parameter);
  }
  if (err instanceof DatabaseUnavailableError) return jsonError(503, 'unavailable', 'The database is unavailable; try again in a moment.');
  throw err;
}
