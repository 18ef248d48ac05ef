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
 * A second-factor code (or recovery code) for an account that passed its password, wherever one is asked: the wait
 * of the address's and the account's wrong-code budgets first (waitMs > 0), then the code; a wrong one counts in
 * both (waitMs 0), a right one clears the account's.
 */
export async function checkCode(deps: CodeCheckDeps, userId: string, code: string, addressBucket: string): Promise<CodeCheck> {
  const waitMs = Math.max(await deps.throttle.addressWaitMs(addressBucket), await deps.codeThrottle.waitMs(userId));
  if (waitMs > 0) return { ok: false, waitMs };
  if (!(await deps.totp.verify(userId, code))) {
    await deps.throttle.failed(`id:${userId}`, addressBucket);
    await deps.codeThrottle.failed(userId);
    return { ok: false, waitMs: 0 };
  }
  await deps.codeThrottle.succeeded(userId);
  return { ok: true };
}
