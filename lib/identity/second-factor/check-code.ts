import type { LoginThrottle } from '../throttle';
import type { CodeThrottle } from './code-throttle';
import type { TotpFactor } from './totp';

export interface CodeCheckDeps {
  totp: Pick<TotpFactor, 'verify'>;
  codeThrottle: CodeThrottle;
  throttle: LoginThrottle;
}

export type CodeCheck = { ok: true } | { ok: false; waitMs: number };

/**
 * A second-factor code (or recovery code) for an account that passed its password, wherever one is asked: a failure
 * is reserved on the address's and the account's wrong-code budgets before the code is checked, and the attempt
 * waits (waitMs > 0) from the counts that returns, so codes sent at once each see the ones before them. A wrong code
 * keeps both and counts on the account's login budgets too (waitMs 0); a right one is refunded on the address and
 * clears the account's wrong codes.
 */
export async function checkCode(deps: CodeCheckDeps, userId: string, code: string, addressBucket: string): Promise<CodeCheck> {
  const [atAddress, codes] = await Promise.all([deps.throttle.reserveAddress(addressBucket), deps.codeThrottle.reserve(userId)]);
  const waitMs = Math.max(atAddress.waitMs, codes.waitMs);
  if (waitMs > 0) {
    await Promise.all([atAddress.refund(), codes.refund()]);
    return { ok: false, waitMs };
  }
  let right: Awaited<ReturnType<CodeCheckDeps['totp']['verify']>>;
  try {
    right = await deps.totp.verify(userId, code);
  } catch (err) {
    await Promise.all([atAddress.refund(), codes.refund()]).catch(() => undefined);
    throw err;
  }
  if (!right) {
    await Promise.all([atAddress.failed(), codes.failed(), deps.throttle.failedAccount(`id:${userId}`, addressBucket)]);
    return { ok: false, waitMs: 0 };
  }
  await Promise.all([atAddress.refund(), deps.codeThrottle.succeeded(userId)]);
  return { ok: true };
}
