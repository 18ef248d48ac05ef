// The account page's server actions over the identity server's account API (lib/identity-client): what the person
// is told, and what of the identity server's answer an action reads. The API itself is tested in tests/identity.
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as actions from '@/lib/auth/account-actions';

const state = vi.hoisted(() => ({ token: { accessToken: 'at' } as { accessToken?: string } | null }));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));
vi.mock('@/lib/auth/token-refresh', () => ({ accessTokenExpired: () => false }));
vi.mock('@/lib/auth/session-state', () => ({ readAuthState: async () => ({ token: state.token }) }));
vi.mock('@/lib/auth/identity-caller', () => ({ identityCaller: (accessToken: string) => ({ issuer: 'http://id.test/identity', accessToken }) }));

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  state.token = { accessToken: 'at' };
});

const answer = (status: number, body?: unknown) => fetchMock.mockResolvedValueOnce(new Response(body === undefined ? null : JSON.stringify(body), { status }));

describe('the account actions', () => {
  it('tell the person what was done, and send nothing of the answer back', async () => {
    answer(200, { data: { id: 'user-1', email: 'tess@example.com' } });
    expect(await actions.signOutOtherSessions()).toEqual({ ok: true, message: 'Your other sessions are signed out.' });
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init?.method, (init?.headers as Record<string, string>).authorization]).toEqual(['http://id.test/identity/api/account/sessions/end-others', 'POST', 'Bearer at']);
  });

  it('read the TOTP secret and the recovery codes from the answer', async () => {
    answer(200, { data: { secret: 'S', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/svg+xml,x' } });
    expect(await actions.startTotp('pw')).toEqual({ ok: true, secret: 'S', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/svg+xml,x' });
    answer(200, { data: { recoveryCodes: ['a', 'b'] } });
    expect(await actions.confirmTotp('123456', 'pw')).toEqual({ ok: true, recoveryCodes: ['a', 'b'] });
    answer(200, { data: { recoveryCodes: [1] } });
    expect(await actions.confirmTotp('123456', 'pw')).toEqual({ ok: false, message: 'The identity server sent an unexpected answer.' });
  });

  it('pass the identity server\'s refusal on, and refuse without a sign-in', async () => {
    answer(403, { error: 'wrong_password', error_description: 'The current password is not right.' });
    expect(await actions.changeEmail('new@example.com', 'wrong')).toEqual({ ok: false, message: 'The current password is not right.' });
    state.token = null;
    expect(await actions.changeName('Tess', 'T')).toEqual({ ok: false, message: 'You are signed out. Sign in again.' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
