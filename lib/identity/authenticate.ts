import { addressBucket } from '@/lib/server/client-address';
import type { Accounts, UserRow } from './directory/types';
import { burnPasswordCheck, verifyPassword } from './passwords';
import type { LoginThrottle } from './throttle';

export type LoginResult = { ok: true; user: UserRow } | { ok: false; reason: 'invalid' | 'throttled'; retryAfterSeconds?: number };

const throttled = (waitMs: number): LoginResult => ({ ok: false, reason: 'throttled', retryAfterSeconds: Math.ceil(waitMs / 1000) });

/**
 * One answer for an unknown user and a wrong password, after the same amount of work. The throttle counts a known
 * account under its id, whichever of its names was typed; an unknown name under itself, so that being throttled
 * does not tell which names exist.
 */
export async function authenticate(
  accounts: Pick<Accounts, 'findByLogin'>,
  throttle: LoginThrottle,
  login: string,
  password: string,
  clientAddress: string,
): Promise<LoginResult> {
  const address = addressBucket(clientAddress);
  const addressWait = await throttle.addressWaitMs(address);
  if (addressWait > 0) return throttled(addressWait);
  const user = login ? await accounts.findByLogin(login) : undefined;
  const account = user ? `id:${user.id}` : `name:${login.toLowerCase()}`;
  const accountWait = await throttle.accountWaitMs(account, address);
  if (accountWait > 0) return throttled(accountWait);
  if (user && password && (await verifyPassword(password, user.password_hash))) {
    await throttle.succeeded(account, address);
    return { ok: true, user };
  }
  if (!user) await burnPasswordCheck(password);
  await throttle.failed(account, address);
  return { ok: false, reason: 'invalid' };
}
