import { expect, test } from '@playwright/test';
import { SiteDriver } from './support/site-driver';

test('the server is healthy and serves the home page', async ({ page, request }, testInfo) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: 'ok' });

  const site = new SiteDriver(page, testInfo);
  await site.visit('/');
  await site.expectTitle(/Trip Explorer/);
  await site.screenshot('home');
});

test('the API reference reads as a page: code set as code, and a way back to the map', async ({ page }, testInfo) => {
  const site = new SiteDriver(page, testInfo);
  await site.visit('/docs/api');
  await expect(site.main.getByRole('heading', { level: 1 })).toBeVisible();
  const text = await site.main.innerText();
  expect(text).not.toContain('`');
  await expect(site.main.locator('code', { hasText: 'center' }).first()).toBeVisible();
  expect(await site.seriousAxeViolations()).toEqual([]);
  await site.screenshot('api-reference');
  await site.followLink('Trip Explorer');
  await site.expectAt(/\/$|\/\?/);
  await expect(site.map).toBeVisible();
});

test('a path that is not valid percent-encoding is a 400 with the JSON error shape, not a 500', async ({ request }) => {
  for (const path of ['/api/places/%zz', '/api/places/%', '/api/places/%ff%fe']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_parameter' } });
  }
  expect((await request.get('/admin/%zz')).status()).toBe(400);
});

test('an unknown API path is a JSON 404, not the HTML page', async ({ request }) => {
  for (const path of ['/api/places/1/nothing-here', '/api/nothing-here']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
  }
  // A route that only takes uploads says so, rather than 404.
  const photos = await request.get('/api/places/1/photos');
  expect(photos.status()).toBe(405);
  expect(await photos.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
});

test('what a client can send to the app’s own API routes is a JSON error, never a 500 or an empty body', async ({ request }) => {
  // A method a route does not take, through the real server.
  const put = await request.put('/api/trips');
  expect(put.status()).toBe(405);
  expect(put.headers().allow).toBe('GET, POST, HEAD, OPTIONS');
  expect(await put.json()).toMatchObject({ error: { code: 'method_not_allowed' } });
  // next-auth: a malformed JSON body (it threw: a 500), an action it does not have and an update it cannot read
  // (plain-text 400s). Bodies as bytes: Playwright would send a string as a JSON string.
  const malformed = await request.post('/api/auth/session', { headers: { 'content-type': 'application/json' }, data: Buffer.from('{bad') });
  expect(malformed.status()).toBe(400);
  expect(await malformed.json()).toMatchObject({ error: { code: 'invalid_json' } });
  const unknown = await request.get('/api/auth/nope');
  expect(unknown.status()).toBe(400);
  expect(await unknown.json()).toMatchObject({ error: { code: 'bad_request', message: expect.stringContaining('not supported') } });
  const update = await request.post('/api/auth/session', { headers: { 'content-type': 'application/json' }, data: Buffer.from('{}') });
  expect(update.status()).toBe(400);
  expect(await update.json()).toMatchObject({ error: { code: 'bad_request' } });
  expect((await request.get('/api/auth/csrf')).status()).toBe(200);
});

test('the 404 page looks like the app and leads home', async ({ page }, testInfo) => {
  const site = new SiteDriver(page, testInfo);
  const response = await site.visit('/no-such-page');
  expect(response?.status()).toBe(404);
  await site.expectTitle('Page not found · Trip Explorer');
  await expect(site.banner.getByRole('link', { name: 'Trip Explorer' })).toBeVisible();
  await expect(site.main.getByRole('heading', { level: 1, name: 'This page does not exist' })).toBeVisible();
  expect(await site.seriousAxeViolations()).toEqual([]);
  await site.screenshot('not-found');
  await site.followLink('Back to the map');
  await site.expectAt(/\/$/);
  await expect(site.map).toBeVisible();
});

test('every page runs its inline scripts under its response nonce, with no policy violation', async ({ page }, testInfo) => {
  const site = new SiteDriver(page, testInfo);
  const violations = site.watchConsole(/Content Security Policy/i);
  for (const path of ['/', '/docs/api', '/no-such-page', 'sign-in']) {
    const response = path === 'sign-in' ? await site.openSignInPage() : await site.visit(path);
    const nonce = /'nonce-([^']+)'/.exec((await response!.allHeaders())['content-security-policy'])?.[1];
    expect(nonce, path).toBeTruthy();
    const inline = await site.inlineScriptNonces();
    expect(inline.length, path).toBeGreaterThan(0);
    expect(inline.filter((n) => n !== nonce), path).toEqual([]);
  }
  expect(violations).toEqual([]);
});
