import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { withSession } from '@/lib/auth/with-session';
import { forgetConfig } from '@/lib/config/runtime';
import { HttpError } from '@/lib/http/http-error';
import { tempDataDir } from '../support/temp-dirs';

const APP = 'http://localhost:3999';
const member = { id: 'org-a', name: 'A', roles: ['Sales'], admin: false };
const admin = { id: 'org-b', name: 'B', roles: [], admin: true };
const cookies: Record<string, string> = {};

beforeAll(async () => {
  Object.assign(process.env, {
    NEXTAUTH_URL: APP, NEXTAUTH_SECRET: 'a-test-secret-of-at-least-32-characters!', IDENTITY_CLIENT_SECRET: 'unused',
    DATA_DIR: tempDataDir('with-session'),
  });
  forgetConfig();
  // A live access token of an identity server that does not answer here (nothing listens at APP): the session keeps
  // the organizations its cookie names (lib/auth/confirm-session.ts).
  const now = Math.floor(Date.now() / 1000);
  const seal = (organizations: (typeof member)[]) =>
    encode({ token: { sub: 'user-1', name: 'Uma', organizations, signedInAt: now, accessToken: 'access', accessTokenExpiresAt: now + 3600 }, secret: process.env.NEXTAUTH_SECRET! });
  cookies.none = await seal([]);
  cookies.member = await seal([member]);
  cookies.both = await seal([member, admin]);
});

function request(who: string | null, { origin = APP, active }: { origin?: string; active?: string } = {}) {
  const jar = [who ? `next-auth.session-token=${cookies[who]}` : null, active ? `explorer-active-organization=${active}` : null].filter(Boolean).join('; ');
  return new Request(`${APP}/api/x`, { method: 'POST', headers: { origin, ...(jar ? { cookie: jar } : {}) } });
}

const echo = withSession(({ session }) => Response.json({ user: session?.userId ?? null, active: session?.activeOrganization?.id ?? null }));
const status = async (handler: typeof echo, req: Request) => (await handler(req, { params: Promise.resolve({}) as never })).status;

describe('withSession', () => {
  it('gives the handler the session read from the request, or null for a visitor', async () => {
    expect(await (await echo(request('member'), { params: Promise.resolve({}) as never })).json()).toEqual({ user: 'user-1', active: 'org-a' });
    expect(await (await echo(request('both', { active: 'org-b' }), { params: Promise.resolve({}) as never })).json()).toEqual({ user: 'user-1', active: 'org-b' });
    expect(await (await echo(request(null), { params: Promise.resolve({}) as never })).json()).toEqual({ user: null, active: null });
  });

  it('reads the session beside a cookie it cannot percent-decode (another site\'s cookie on this host)', async () => {
    const withForeignCookie = (who: string | null) => {
      const jar = ['promo=100%', 'theme=%E0%A4%A', who ? `next-auth.session-token=${cookies[who]}` : null].filter(Boolean).join('; ');
      return new Request(`${APP}/api/x`, { headers: { origin: APP, cookie: jar } });
    };
    expect(await (await echo(withForeignCookie('member'), { params: Promise.resolve({}) as never })).json()).toEqual({ user: 'user-1', active: 'org-a' });
    expect(await (await echo(withForeignCookie(null), { params: Promise.resolve({}) as never })).json()).toEqual({ user: null, active: null });
  });

  it('refuses cross-site requests when asked to', async () => {
    const guarded = withSession(() => new Response('ok'), { sameOrigin: true });
    expect(await status(guarded, request('member', { origin: 'https://evil.example' }))).toBe(403);
    expect(await status(guarded, request('member'))).toBe(200);
  });

  it('answers 401 to visitors, 403 without an organization or without its administration', async () => {
    const signedIn = withSession(() => new Response('ok'), { signedIn: true });
    const inOrganization = withSession(() => new Response('ok'), { organization: true });
    const administrator = withSession(() => new Response('ok'), { admin: true });
    expect(await status(signedIn, request(null))).toBe(401);
    expect(await status(signedIn, request('none'))).toBe(200);
    expect(await status(inOrganization, request('none'))).toBe(403);
    expect(await status(inOrganization, request('member'))).toBe(200);
    expect(await status(administrator, request(null))).toBe(401);
    expect(await status(administrator, request('member'))).toBe(403);
    expect(await status(administrator, request('both', { active: 'org-b' }))).toBe(200);
  });

  it('writes what the handler throws as the one JSON error shape', async () => {
    const failing = withSession(() => {
      throw new HttpError(409, 'version_conflict', 'Changed elsewhere.', { body: { trip: { id: 't' } } });
    });
    const response = await failing(request('member'), { params: Promise.resolve({}) as never });
    expect(response.status).toBe(409);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ trip: { id: 't' }, error: { code: 'version_conflict', message: 'Changed elsewhere.' } });
  });
});
