// Every route of the app's own API answers every method in the one JSON error shape: a method a route does not take
// is a 405 with Allow (Next's own is an empty body), whichever route it is.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const root = path.resolve(__dirname, '../../app/api');
const routes = (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('route.ts')).sort();

describe('the app API’s methods', () => {
  it.each(routes)('%s has a handler for every method', async (file) => {
    const route = (await import(path.join(root, file))) as Record<string, unknown>;
    for (const method of METHODS) expect(typeof route[method], method).toBe('function');
  });

  it.each([
    ['trips/route.ts', 'PUT', 'GET, POST, HEAD, OPTIONS'],
    ['trips/[id]/route.ts', 'POST', 'GET, PATCH, DELETE, HEAD, OPTIONS'],
    ['places/search/route.ts', 'POST', 'GET, HEAD, OPTIONS'],
    ['trips/import/route.ts', 'GET', 'POST, OPTIONS'],
    ['auth/[...nextauth]/route.ts', 'DELETE', 'GET, POST, HEAD, OPTIONS'],
  ])('%s answers %s with 405 in the JSON error shape and Allow: %s', async (file, method, allow) => {
    const route = (await import(path.join(root, file))) as Record<string, () => Response>;
    const response = route[method]();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    expect(await response.json()).toEqual({ error: { code: 'method_not_allowed', message: expect.stringMatching(/^This endpoint takes .+ only\.$/) } });
  });
});
