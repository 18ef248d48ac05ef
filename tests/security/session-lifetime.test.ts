// Issue 35, finding 1: an Explorer session's lifetime is counted from its sign-in, not from its cookie's last re-issue.
import { describe, expect, it } from 'vitest';
import { outlivedSession, SESSION_MAX_AGE_SECONDS } from '@/lib/auth/session-lifetime';

describe('the absolute session lifetime', () => {
  const signedInAt = 1_800_000_000;

  it('is twelve hours from the sign-in', () => {
    expect(SESSION_MAX_AGE_SECONDS).toBe(12 * 60 * 60);
    expect(outlivedSession(signedInAt, signedInAt)).toBe(false);
    expect(outlivedSession(signedInAt, signedInAt + SESSION_MAX_AGE_SECONDS - 1)).toBe(false);
    expect(outlivedSession(signedInAt, signedInAt + SESSION_MAX_AGE_SECONDS)).toBe(true);
    expect(outlivedSession(signedInAt, signedInAt + 30 * 24 * 60 * 60)).toBe(true);
  });

  it('is over for a session that does not say when it signed in', () => {
    expect(outlivedSession(undefined, signedInAt)).toBe(true);
  });

  it('reads the clock when no time is given', () => {
    const now = Math.floor(Date.now() / 1000);
    expect(outlivedSession(now - 60)).toBe(false);
    expect(outlivedSession(now - SESSION_MAX_AGE_SECONDS - 60)).toBe(true);
  });
});
