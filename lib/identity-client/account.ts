import 'server-only';
import type { z } from 'zod';
import {
  accountSchema,
  answerOf,
  passkeyOptionsSchema,
  recoveryCodesSchema,
  totpEnrollmentSchema,
  type AccountView,
  type RecoveryCodes,
  type TotpEnrollment,
} from '@/lib/identity/api-contract';
import { callIdentityApi, type IdentityAnswer, type IdentityCaller } from './call';

export type { AccountView, RecoveryCodes, TotpEnrollment };

/** The answers of the account's changes that the Explorer reads (the others it does not: the page reads the account again). */
export const ACCOUNT_ANSWERS = { totpEnrollment: totpEnrollmentSchema, recoveryCodes: recoveryCodesSchema, passkeyOptions: passkeyOptionsSchema };

const accountAnswer = answerOf(accountSchema);

/** The signed-in person's own account at the identity server (lib/identity/account-api.ts). */
export async function readAccount(caller: IdentityCaller): Promise<IdentityAnswer<AccountView>> {
  const answer = await callIdentityApi(caller, '/api/account', {}, accountAnswer);
  return answer.ok ? { ok: true, value: answer.value.data } : answer;
}

/** A change to the signed-in person's account (`path` under `/api/account`: `/profile`, `/totp`, `''` to delete it). */
export async function changeAccount(caller: IdentityCaller, path: string, method: string, body?: unknown): Promise<IdentityAnswer<void>> {
  const answer = await callIdentityApi(caller, `/api/account${path}`, { method, body });
  return answer.ok ? { ok: true, value: undefined } : answer;
}

/** A change whose answer's `data` the caller reads (a TOTP secret, recovery codes, passkey options), parsed with `data`. */
export async function askAccount<T>(caller: IdentityCaller, path: string, method: string, body: unknown, data: z.ZodType<T>): Promise<IdentityAnswer<T>> {
  const answer = await callIdentityApi(caller, `/api/account${path}`, { method, body }, answerOf(data));
  return answer.ok ? { ok: true, value: answer.value.data } : answer;
}
