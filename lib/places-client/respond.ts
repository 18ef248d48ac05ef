import 'server-only';
import { NextResponse } from 'next/server';
import { PlacesApiError } from './client';

const headers = { 'cache-control': 'no-store' };

export function jsonOk(body: unknown) {
  return NextResponse.json(body, { headers });
}

export function jsonError(status: number, code: string, message: string, parameter?: string) {
  return NextResponse.json({ error: { code, message, ...(parameter ? { parameter } : {}) } }, { status, headers });
}

/** Runs a handler body and turns Place API failures into the same JSON error shape the API uses. */
export async function respond(run: () => Promise<unknown>) {
  try {
    return jsonOk(await run());
  } catch (err) {
    if (err instanceof PlacesApiError) return jsonError(err.status, err.code, err.message, err.parameter);
    throw err;
  }
}
