import { describe, expect, it } from 'vitest';
import { signOutNeedsNoConfirmation } from '@/lib/identity/logout-trust';

const ours = { clientId: 'explorer', first_party: true };

describe('which sign-outs the identity server does not ask about', () => {
  it('our own app with the signed-in person’s ID token', () => {
    expect(signOutNeedsNoConfirmation({ hint: { sub: 'u1', aud: 'explorer' }, client: ours, sessionAccountId: 'u1' })).toBe(true);
    expect(signOutNeedsNoConfirmation({ hint: { sub: 'u1', aud: ['explorer'] }, client: ours, sessionAccountId: 'u1' })).toBe(true);
  });

  it('asks without a hint, for another app, or for another person’s token', () => {
    expect(signOutNeedsNoConfirmation({ client: ours, sessionAccountId: 'u1' })).toBe(false);
    expect(signOutNeedsNoConfirmation({ hint: { sub: 'u1', aud: 'other' }, client: { clientId: 'other' }, sessionAccountId: 'u1' })).toBe(false);
    expect(signOutNeedsNoConfirmation({ hint: { sub: 'u2', aud: 'explorer' }, client: ours, sessionAccountId: 'u1' })).toBe(false);
    expect(signOutNeedsNoConfirmation({ hint: { sub: 'u1', aud: 'explorer' }, client: ours })).toBe(false);
  });
});
