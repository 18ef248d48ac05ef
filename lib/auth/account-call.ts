import 'server-only';
import { revalidatePath } from 'next/cache';
import { callAccountApi } from './account-client';
import { readAuthState } from './session-state';
import { accessTokenExpired } from './token-refresh';

/** What a form sent, as a string of at most `max` characters (anything else is empty). */
export const boundedText = (value: unknown, max = 1024) => (typeof value === 'string' ? value.slice(0, max) : '');

export type AccountActionResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * The signed-in person's call to their own account at the identity server, for the server actions (Next checks the
 * caller's origin). Not an action itself: its path is chosen by the actions, never by the browser.
 */
export async function callAsSignedIn(path: string, method: string, body: unknown, success: string): Promise<AccountActionResult & { raw?: unknown }> {
  const { token } = await readAuthState();
  if (!token) return { ok: false, message: 'You are signed out. Sign in again.' };
  if (!token.accessToken || accessTokenExpired(token)) return { ok: false, message: 'Your sign-in needs refreshing. Reload the page and try again.' };
  const result = await callAccountApi(token.accessToken, path, method, body);
  if (!result.ok) return { ok: false, message: result.message };
  revalidatePath('/account');
  return { ok: true, message: success, raw: result.raw };
}
