import { describe, expect, it } from 'vitest';
import { securityHeaders } from '@/lib/server/security-headers';
import { startApiServer } from '../support/test-server';

describe('security headers', () => {
  it('are sent on every response', async () => {
    const app = await startApiServer();
    try {
      for (const path of ['/healthz', '/nowhere']) {
        const res = await fetch(`${app.url}${path}`);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
        expect(res.headers.get('strict-transport-security')).toBeNull();
      }
    } finally {
      await app.close();
    }
  });

  it('add HSTS over https and let a remote map style through', () => {
    const headers = securityHeaders('https://trips.example.com', 'https://tiles.example.org');
    expect(headers['Strict-Transport-Security']).toMatch(/max-age=\d+/);
    expect(headers['Content-Security-Policy']).toContain('connect-src \'self\' https://tiles.example.org');
  });
});
