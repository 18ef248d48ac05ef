import { describe, expect, it } from 'vitest';
import { nonceInPolicy, securityHeaders } from '@/lib/server/security-headers';
import { startApiServer } from '../support/test-server';

// The first two start a seeded server: as long as a start-up takes on a loaded machine.
describe('security headers', { timeout: 120_000 }, () => {
  it('are sent on every response', async () => {
    const app = await startApiServer();
    try {
      for (const path of ['/healthz', '/nowhere']) {
        const res = await fetch(`${app.url}${path}`);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
        expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='; /);
        expect(res.headers.get('strict-transport-security')).toBeNull();
      }
    } finally {
      await app.close();
    }
  });

  it('give every response its own script nonce, and never allow inline scripts without it', async () => {
    const app = await startApiServer();
    try {
      const policies = await Promise.all([1, 2, 3].map(async () => (await fetch(`${app.url}/healthz`)).headers.get('content-security-policy')!));
      const nonces = policies.map((p) => /'nonce-([^']+)'/.exec(p)![1]);
      expect(new Set(nonces).size).toBe(3);
      for (const p of policies) expect(p.split('; ').find((d) => d.startsWith('script-src'))).not.toMatch(/unsafe-inline|unsafe-eval/);
    } finally {
      await app.close();
    }
  });

  it('give a page the nonce of the policy on its request, and none without a policy', () => {
    const policy = securityHeaders('http://localhost:3000').contentSecurityPolicy('q0/+Ab9=');
    expect(nonceInPolicy(policy)).toBe('q0/+Ab9=');
    expect(nonceInPolicy(null)).toBeUndefined();
    expect(nonceInPolicy("script-src 'self' 'unsafe-inline'")).toBeUndefined();
  });

  it('add HSTS over https and let a remote map style through; development alone allows eval (hot reloading)', () => {
    const headers = securityHeaders('https://trips.example.com', 'https://tiles.example.org');
    expect(headers.fixed['Strict-Transport-Security']).toMatch(/max-age=\d+/);
    expect(headers.contentSecurityPolicy('n')).toContain('connect-src \'self\' https://tiles.example.org');
    expect(headers.contentSecurityPolicy('n')).not.toContain('unsafe-eval');
    expect(securityHeaders('http://localhost:3000', undefined, { development: true }).contentSecurityPolicy('n')).toContain("'unsafe-eval'");
  });
});
