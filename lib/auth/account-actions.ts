'use server';

import { revalidatePath } from 'next/cache';
import { deleteTripsOwnedBy } from '@/lib/trips/delete-owned';
import { tripStore } from '@/lib/trips/store-registry';
import { logger } from '@/lib/server/logger';
import { callAccountApi } from './account-client';
import { clearSessionCookie, readAuthState } from './session-state';
import { accessTokenExpired } from './token-refresh';

export type AccountActionResult = { ok: true; message: string } | { ok: false; message: string };

const text = (value: unknown, max = 1024) => (typeof value === 'string' ? value.slice(0, max) : '');

/** The signed-in person's changes to their own account (server actions: Next checks the caller's origin). */
async function call(path: string, method: string, body: unknown, success: string): Promise<AccountActionResult & { raw?: unknown }> {
  const { token } = await readAuthState();
  if (!token) return { ok: false, message: 'You are signed out. Sign in again.' };
  if (!token.accessToken || accessTokenExpired(token)) return { ok: false, message: 'Your sign-in needs refreshing. Reload the page and try again.' };
  const result = await callAccountApi(token.accessToken, path, method, body);
  if (!result.ok) return { ok: false, message: result.message };
  revalidatePath('/account');
  return { ok: true, message: success, raw: result.raw };
}

export async function changeName(givenName: string, familyName: string) {
  return call('/profile', 'PUT', { givenName: text(givenName, 100), familyName: text(familyName, 100) }, 'Name saved. It shows in every app at your next sign-in.');
}

export async function changeEmail(email: string, password: string) {
  return call('/email', 'PUT', { email: text(email, 254), password: text(password) }, 'E-mail changed. We sent a link to the new address to confirm it.');
}

export async function changePassword(currentPassword: string, newPassword: string) {
  return call('/password', 'PUT', { currentPassword: text(currentPassword), newPassword: text(newPassword) }, 'Password changed. Your other sessions are signed out.');
}

export async function signOutOtherSessions() {
  return call('/sessions/end-others', 'POST', undefined, 'Your other sessions are signed out.');
}

/** Deletes the account at the identity server (which checks the password), then the trips it owned, then the cookie. */
export async function deleteAccount(password: string): Promise<AccountActionResult> {
  const { token } = await readAuthState();
  const result = await call('', 'DELETE', { password: text(password) }, 'Your account is deleted.');
  if (!result.ok || !token?.sub) return result;
  try {
    const trips = await deleteTripsOwnedBy(tripStore(), token.sub);
    logger.info('account deleted with its trips', { sub: token.sub, trips });
  } catch (err) {
    logger.error('account deleted but its trips were not', { sub: token.sub, error: (err as Error).message });
  }
  await clearSessionCookie();
  return result;
}

export type TotpStart = { ok: true; secret: string; otpauthUrl: string; qrCode: string } | { ok: false; message: string };

// Adding or removing a second factor takes the current password in the same request (the identity server's rule,
// FACTOR_PASSWORD_RULE in lib/identity/account-api.ts): each of these actions passes the one the person typed.

/** Starts TOTP enrollment: the secret and its QR code, not in force until a first code confirms it. */
export async function startTotp(password: string): Promise<TotpStart> {
  const result = await call('/totp', 'POST', { password: text(password) }, '');
  if (!result.ok) return result;
  const data = result.raw as { secret?: unknown; otpauthUrl?: unknown; qrCode?: unknown } | undefined;
  if (typeof data?.secret !== 'string' || typeof data.otpauthUrl !== 'string' || typeof data.qrCode !== 'string') return { ok: false, message: 'The identity server sent an unexpected answer.' };
  return { ok: true, secret: data.secret, otpauthUrl: data.otpauthUrl, qrCode: data.qrCode };
}

export type TotpConfirm = { ok: true; recoveryCodes: string[] } | { ok: false; message: string };

export async function confirmTotp(code: string, password: string): Promise<TotpConfirm> {
  const result = await call('/totp', 'PUT', { code: text(code, 64), password: text(password) }, '');
  if (!result.ok) return result;
  const codes = (result.raw as { recoveryCodes?: unknown } | undefined)?.recoveryCodes;
  return Array.isArray(codes) && codes.every((c) => typeof c === 'string') ? { ok: true, recoveryCodes: codes as string[] } : { ok: false, message: 'The identity server sent an unexpected answer.' };
}

export async function disableTotp(password: string) {
  return call('/totp', 'DELETE', { password: text(password) }, 'Two-factor sign-in is off.');
}

/** WebAuthn creation options for a new passkey of the signed-in account (the browser runs them). */
export async function passkeyOptions(password: string): Promise<{ ok: true; options: unknown } | { ok: false; message: string }> {
  const result = await call('/passkeys/options', 'POST', { password: text(password) }, '');
  return result.ok ? { ok: true, options: result.raw } : result;
}

export async function addPasskey(response: unknown, name: string, password: string) {
  return call('/passkeys', 'POST', { response, name: text(name, 60), password: text(password) }, 'Passkey added. You can sign in with it from the sign-in page.');
}

export async function removePasskey(id: string, password: string) {
  return call(`/passkeys/${encodeURIComponent(text(id, 1400))}`, 'DELETE', { password: text(password) }, 'Passkey removed.');
}
