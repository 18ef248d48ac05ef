'use server';

import { ACCOUNT_ANSWERS } from '@/lib/identity-client/account';
import { askAsSignedIn as ask, boundedText as text, callAsSignedIn as call, type AccountActionResult } from './account-call';

export type { AccountActionResult };

export async function changeName(givenName: string, familyName: string) {
  return call('/profile', 'PUT', { givenName: text(givenName, 100), familyName: text(familyName, 100) }, 'Name saved. It shows in every app at your next sign-in.');
}

export async function changeEmail(email: string, password: string) {
  return call('/email', 'PUT', { email: text(email, 254), password: text(password) }, 'E-mail changed. We sent a link to the new address to confirm it.');
}

export async function sendConfirmationAgain() {
  return call('/email/confirmation', 'POST', undefined, 'We sent a new link to your address. It works once, for 24 hours.');
}

export async function changePassword(currentPassword: string, newPassword: string) {
  return call('/password', 'PUT', { currentPassword: text(currentPassword), newPassword: text(newPassword) }, 'Password changed. Your other sessions are signed out.');
}

export async function signOutOtherSessions() {
  return call('/sessions/end-others', 'POST', undefined, 'Your other sessions are signed out.');
}

export type TotpStart = { ok: true; secret: string; otpauthUrl: string; qrCode: string } | { ok: false; message: string };

// Adding or removing a second factor takes the current password in the same request (the identity server's rule,
// FACTOR_PASSWORD_RULE in lib/identity/account-request.ts): each of these actions passes the one the person typed.

/** Starts TOTP enrollment: the secret and its QR code, not in force until a first code confirms it. */
export async function startTotp(password: string): Promise<TotpStart> {
  const result = await ask('/totp', 'POST', { password: text(password) }, ACCOUNT_ANSWERS.totpEnrollment);
  return result.ok ? { ok: true, ...result.value } : result;
}

export type TotpConfirm = { ok: true; recoveryCodes: string[] } | { ok: false; message: string };

export async function confirmTotp(code: string, password: string): Promise<TotpConfirm> {
  const result = await ask('/totp', 'PUT', { code: text(code, 64), password: text(password) }, ACCOUNT_ANSWERS.recoveryCodes);
  return result.ok ? { ok: true, recoveryCodes: result.value.recoveryCodes } : result;
}

export async function disableTotp(password: string) {
  return call('/totp', 'DELETE', { password: text(password) }, 'Two-factor sign-in is off.');
}

/** WebAuthn creation options for a new passkey of the signed-in account (the browser runs them). */
export async function passkeyOptions(password: string): Promise<{ ok: true; options: unknown } | { ok: false; message: string }> {
  const result = await ask('/passkeys/options', 'POST', { password: text(password) }, ACCOUNT_ANSWERS.passkeyOptions);
  return result.ok ? { ok: true, options: result.value } : result;
}

export async function addPasskey(response: unknown, name: string, password: string) {
  return call('/passkeys', 'POST', { response, name: text(name, 60), password: text(password) }, 'Passkey added. You can sign in with it from the sign-in page.');
}

export async function removePasskey(id: string, password: string) {
  return call(`/passkeys/${encodeURIComponent(text(id, 1400))}`, 'DELETE', { password: text(password) }, 'Passkey removed.');
}
