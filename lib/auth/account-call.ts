import 'server-only';
import { revalidatePath } from 'next/cache';
import type { z } from 'zod';
import { askAccount, changeAccount } from '@/lib/identity-client/account';
import type { IdentityAnswer, IdentityCaller } from '@/lib/identity-client/call';
import { identityCaller } from './identity-caller';
import { readAuthState } from './session-state';
import { accessTokenExpired } from './token-refresh';

/** What a form sent, as a string of at most `max` characters (anything else is empty). */
export const boundedText = (value: unknown, max = 1024) => (typeof value === 'string' ? value.slice(0, max) : '');

export type AccountActionResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * The signed-in person's call to their own account at the identity server, for the server actions (Next checks the
 * caller's origin). Not an action itself: its path is chosen by the actions, never by the browser.
 */
async function asSignedIn<T>(call: (caller: IdentityCaller) => Promise<IdentityAnswer<T>>): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  const { token } = await readAuthState();
  if (!token) return { ok: false, message: 'You are signed out. Sign in again.' };
  if (!token.accessToken || accessTokenExpired(token)) return { ok: false, message: 'Your sign-in needs refreshing. Reload the page and try again.' };
  const result = await call(identityCaller(token.accessToken));
  if (!result.ok) return { ok: false, message: result.message };
  revalidatePath('/account');
  return { ok: true, value: result.value };
}

/** A change to the account, told to the person as `success` when it is made. */
export async function callAsSignedIn(path: string, method: string, body: unknown, success: string): Promise<AccountActionResult> {
  const result = await asSignedIn((caller) => changeAccount(caller, path, method, body));
  return result.ok ? { ok: true, message: success } : result;
}

/** A change whose answer the action reads (lib/identity-client/account.ts ACCOUNT_ANSWERS). */
export function askAsSignedIn<T>(path: string, method: string, body: unknown, data: z.ZodType<T>) {
  return asSignedIn((caller) => askAccount(caller, path, method, body, data));
}
