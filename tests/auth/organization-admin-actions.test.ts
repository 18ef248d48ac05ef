// The organization administration server actions (public endpoints, whatever the form sends): malformed arguments
// get the action's refusal, never an exception; role ids are a set. The identity server's side is tested in
// tests/identity/organization-admin.test.ts; here its client's one call stands in, to see what the action would send.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as actions from '@/lib/auth/organization-admin-actions';

const call = vi.fn();
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));
vi.mock('@/lib/identity-client/call', () => ({ callIdentityApi: (...args: unknown[]) => call(...args) }));
vi.mock('@/lib/auth/identity-caller', () => ({ identityCaller: (accessToken: string) => ({ issuer: 'http://id.test', accessToken }) }));
vi.mock('@/lib/auth/token-refresh', () => ({ accessTokenExpired: () => false }));
vi.mock('@/lib/auth/session-state', () => ({
  readAuthState: async () => ({ token: { accessToken: 'at' } }),
  organizationsOf: () => [{ id: 'org-a', admin: true }],
}));

beforeEach(() => {
  call.mockReset();
  call.mockResolvedValue({ ok: true, value: { url: 'http://x/identity/invitation?token=t' } });
});

describe('the organization administration server actions', () => {
  it.each([
    ['inviteMember', ['org-a', { email: null, isAdministrator: false, roleIds: [] }]],
    ['inviteMember', ['org-a', null]],
    ['inviteMember', ['org-a', { email: 'a@example.com', isAdministrator: 'yes', roleIds: [] }]],
    ['inviteMember', [42, { email: '', isAdministrator: false, roleIds: [] }]],
    ['changeMember', ['org-a', 'user-x', { isAdministrator: false, roleIds: 'role-a' }]],
    ['changeMember', ['org-a', { id: 1 }, { isAdministrator: false, roleIds: [] }]],
    ['changeMember', ['org-a', 'user-x', undefined]],
    ['removeMember', ['org-a', null]],
    ['revokeInvitation', ['org-a', ['x']]],
  ])('%s(%j) is refused, not thrown', async (name, args) => {
    const result = await (actions[name as keyof typeof actions] as (...a: unknown[]) => Promise<unknown>)(...args);
    expect(result).toEqual({ ok: false, message: expect.any(String) });
    expect(call).not.toHaveBeenCalled();
  });

  it('sends a role named twice once', async () => {
    expect(await actions.changeMember('org-a', 'user-x', { isAdministrator: false, roleIds: ['role-a', 'role-a'] })).toMatchObject({ ok: true });
    const caller = { issuer: 'http://id.test', accessToken: 'at' };
    expect(call).toHaveBeenCalledWith(caller, '/api/organizations/org-a/members/user-x', { method: 'PUT', body: { isAdministrator: false, roleIds: ['role-a'] } });
    expect(await actions.inviteMember('org-a', { email: ' a@example.com ', isAdministrator: false, roleIds: ['role-a', 'role-a'] })).toMatchObject({ ok: true });
    expect(call).toHaveBeenLastCalledWith(
      caller,
      '/api/organizations/org-a/invitations',
      { method: 'POST', body: { email: 'a@example.com', isAdministrator: false, roleIds: ['role-a'] } },
      expect.anything(),
    );
  });
});
