import { describe, expect, it } from 'vitest';
import { endSessionUrl } from '@/lib/auth/end-session-url';

describe('the end-session URL of a sign-out', () => {
  const base = { endpoint: 'https://id.example/identity/connect/endsession', clientId: 'explorer', returnTo: 'https://app.example/' };

  it('carries the ID token as hint and the way back', () => {
    const url = new URL(endSessionUrl({ ...base, idToken: 'a.b.c' }));
    expect(url.origin + url.pathname).toBe(base.endpoint);
    expect(Object.fromEntries(url.searchParams)).toEqual({ id_token_hint: 'a.b.c', post_logout_redirect_uri: 'https://app.example/' });
  });

  it('falls back to the client id without a hint', () => {
    const url = new URL(endSessionUrl(base));
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: 'explorer', post_logout_redirect_uri: 'https://app.example/' });
  });
});
