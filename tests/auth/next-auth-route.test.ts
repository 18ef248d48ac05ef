// The next-auth route refuses a body it cannot read in the API's JSON error shape before next-auth sees it (next-auth
// threw on malformed JSON: a 500). Its own 400s, turned into the same shape, need a request scope: e2e/foundation.spec.ts.
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET, POST } from '@/app/api/auth/[...nextauth]/route';
import { forgetConfig } from '@/lib/config/runtime';
import { tempDataDir } from '../support/temp-dirs';

const base = 'http://127.0.0.1:3999';

beforeAll(() => {
  Object.assign(process.env, {
    NEXTAUTH_URL: base,
    IDENTITY_CLIENT_SECRET: 'not-used-by-these-cases',
    DATA_DIR: tempDataDir('auth-route'),
  });
  forgetConfig();
});

function call(handler: typeof GET, action: string, init: RequestInit = {}) {
  // Next hands route handlers a NextRequest (next-auth reads its nextUrl).
  return handler(new NextRequest(`${base}/api/auth/${action}`, init as never), { params: Promise.resolve({ nextauth: action.split('/') }) });
}

const json = { 'content-type': 'application/json' };

describe('the next-auth route', () => {
  it.each([
    ['session', '{bad'],
    ['session', ''],
    ['signout', '[1,'],
    ['callback/identity', '{"a":'],
  ])('refuses a malformed JSON body on POST %s with 400 invalid_json', async (action, body) => {
    const response = await call(POST, action, { method: 'POST', headers: json, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { code: 'invalid_json', message: 'The request body is not valid JSON.' } });
  });

  it('refuses a body too large for any sign-in request with 413, JSON or form', async () => {
    const response = await call(POST, 'session', { method: 'POST', headers: json, body: JSON.stringify({ data: 'x'.repeat(20_000) }) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('payload_too_large');
    const form = await call(POST, 'signout', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base }, body: `csrfToken=${'x'.repeat(20_000)}` });
    expect(form.status).toBe(413);
  });

  it('takes error reports (`_log`) from the app’s own pages only', async () => {
    const report = (origin: string) =>
      call(POST, '_log', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, body: 'level=error&code=INJECTED&message=x' });
    const crossSite = await report('https://evil.example');
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ error: { code: 'forbidden', message: 'Cross-site request refused.' } });
  });
});
