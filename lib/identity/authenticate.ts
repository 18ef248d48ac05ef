import { addressBucket } from '@/lib/server/client-address';
import type { Accounts, UserRow } from './directory/types';
import { burnPasswordCheck, verifyPassword } from './passwords';
import type { LoginThrottle, Reservations } from './throttle';

export type LoginResult = { ok: true; user: UserRow } | { ok: false; reason: 'invalid' | 'throttled'; retryAfterSeconds?: number };

const throttled = (waitMs: number): LoginResult => ({ ok: false, reason: 'throttled', retryAfterSeconds: Math.ceil(waitMs / 1000) });

/**
 * One answer for an unknown user and a wrong password, after the same amount of work. The throttle counts a known
 * account under its id, whichever of its names was typed; an unknown name under itself, so that being throttled
 * does not tell which names exist.
 *
 * Every attempt is counted as a failure before the password is checked, and is let through or refused from the
 * count that step returns (LoginThrottle.reserveAddress, reserveAccount): so requests sent at once each see the
 * ones before them, and a burst gets no more checks than the same attempts one after another. The count is taken
 * back when the attempt is refused or the password is right.
 */
export async function authenticate(
  accounts: Pick<Accounts, 'findByLogin'>,
  throttle: LoginThrottle,
  login: string,
  password: string,
  clientAddress: string,
): Promise<LoginResult> {
  const address = addressBucket(clientAddress);
  const atAddress = await throttle.reserveAddress(address);
  if (atAddress.waitMs > 0) {
    await atAddress.refund();
    return throttled(atAddress.waitMs);
  }
  let atAccount: Reservations | undefined;
  try {
    const user = login ? await accounts.findByLogin(login) : undefined;
    const account = user ? `id:${user.id}` : `name:${login.toLowerCase()}`;
    atAccount = await throttle.reserveAccount(account, address);
    if (atAccount.waitMs > 0) {
      await Promise.all([atAddress.refund(), atAccount.refund()]);
      return throttled(atAccount.waitMs);
    }
    if (user && password && (await verifyPassword(password, user.password_hash))) {
      await Promise.all([atAddress.refund(), atAccount.refund()]);
      await throttle.succeeded(account, address);
      return { ok: true, user };
    }
    if (!user) await burnPasswordCheck(password);
    await Promise.all([atAddress.failed(), atAccount.failed()]);
    return { ok: false, reason: 'invalid' };
  } catch (err) {
    // The directory or the store failed, not the visitor: nothing is counted against them.
    await Promise.all([atAddress.refund(), atAccount?.refund()]).catch(() => undefined);
    throw err;
  }
}
