import type { Accounts, UserRow } from './accounts';
import { burnPasswordCheck, verifyPassword } from './passwords';
import type { LoginThrottle } from './throttle';

export type LoginResult = { ok: true; user: UserRow } | { ok: false; reason: 'invalid' | 'throttled'; retryAfterSeconds?: number };

/** One answer for an unknown user and a wrong password, after the same amount of work. */
export async function authenticate(
  accounts: Accounts,
  throttle: LoginThrottle,
  login: string,
  password: string,
  address: string,
): Promise<LoginResult> {
  const wait = throttle.waitMs(login, address);
  if (wait > 0) return { ok: false, reason: 'throttled', retryAfterSeconds: Math.ceil(wait / 1000) };
  const user = login ? accounts.findByLogin(login) : undefined;
  if (user && password && (await verifyPassword(password, user.password_hash))) {
    throttle.succeeded(login);
    return { ok: true, user };
  }
  if (!user) await burnPasswordCheck(password);
  throttle.failed(login, address);
  return { ok: false, reason: 'invalid' };
}
