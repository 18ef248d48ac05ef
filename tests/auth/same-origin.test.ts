import { describe, expect, it } from 'vitest';
import { isSameOriginRequest, safeReturnPath } from '@/lib/auth/same-origin';

const app = 'http://localhost:3100';
const post = (headers: Record<string, string>) => new Request(`${app}/api/session/organization`, { method: 'POST', headers });

describe('isSameOriginRequest', () => {
  it('accepts the app’s own origin and refuses any other', () => {
    expect(isSameOriginRequest(post({ origin: app }), app)).toBe(true);
    expect(isSameOriginRequest(post({ origin: 'http://evil.example' }), app)).toBe(false);
    expect(isSameOriginRequest(post({ origin: 'http://localhost:3101' }), app)).toBe(false);
  });

  it('falls back to Sec-Fetch-Site, and refuses a request that carries neither', () => {
    expect(isSameOriginRequest(post({ 'sec-fetch-site': 'same-origin' }), app)).toBe(true);
    expect(isSameOriginRequest(post({ 'sec-fetch-site': 'cross-site' }), app)).toBe(false);
    expect(isSameOriginRequest(post({}), app)).toBe(false);
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin/org-summit-rv?q=dan', '/admin/org-summit-rv?q=dan'],
    ['//evil.example/x', '/'],
    ['https://evil.example/', '/'],
    ['/\\evil.example', '/'],
    [null, '/'],
  ])('%s -> %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
