import { z } from 'zod';
import {
  answer,
  answerView,
  factorPasswordIsRight,
  invalid,
  noContent,
  notify,
  passwordIsRight,
  record,
  reread,
  type AccountRequest,
} from './account-request';
import type { RecoveryCodes, TotpEnrollment } from './api-contract';
import { sameAddress } from './email-address';
import { passwordProblem } from './self-service/password-policy';
import { PERSON_NAME_MAX } from './person-name';

/** The account API's actions (account-api.ts routes to them), one per method and path. Each sends its answer. */

const profileSchema = z.object({ givenName: z.string().trim().min(1).max(PERSON_NAME_MAX), familyName: z.string().trim().max(PERSON_NAME_MAX) });
const emailSchema = z.object({ email: z.string().trim().max(254).pipe(z.email()), password: z.string().max(1024) });
const passwordSchema = z.object({ currentPassword: z.string().max(1024), newPassword: z.string().max(1024) });
const deleteSchema = z.object({ password: z.string().max(1024) });
const passkeySchema = z.object({ response: z.record(z.string(), z.unknown()), name: z.string().trim().max(60).default('') });
const codeSchema = z.object({ code: z.string().max(64) });

/** `GET`: the account with its sessions and second factors. */
export const readAccount = (call: AccountRequest) => answerView(call);

/** `PUT /profile`: the name every app shows. */
export async function changeName(call: AccountRequest) {
  const parsed = profileSchema.safeParse(call.body);
  if (!parsed.success) return invalid(call, `Enter a first name (at most ${PERSON_NAME_MAX} characters).`);
  await call.deps.accounts.setName(call.user.id, parsed.data.givenName, parsed.data.familyName);
  await record(call, 'account.profile_changed');
  await answerView(call, await reread(call));
}

/** `PUT /email`, with the current password: the address changes, unconfirmed, and a confirmation link goes to it. */
export async function changeEmail(call: AccountRequest) {
  const { deps, user } = call;
  const parsed = emailSchema.safeParse(call.body);
  if (!parsed.success) return invalid(call, 'Enter an e-mail address such as name@example.com.');
  if (!(await passwordIsRight(call, parsed.data.password))) return;
  // Its own confirmed address again is no change: nothing to confirm, nothing sent. Its own address not yet
  // confirmed asks for a new confirmation link (below), as the account page says.
  const same = sameAddress(parsed.data.email, user.email);
  if (same && user.email_verified === 1) return answerView(call);
  const email = same ? user.email : parsed.data.email;
  if (!(await confirmationLinkAllowed(call, email, 'Too many e-mail changes. Try again later.'))) return;
  const other = await deps.accounts.findByLogin(email);
  if (other && other.id !== user.id) return answer(call, 409, { error: 'conflict', error_description: 'Another account already uses this e-mail address.' });
  await deps.accounts.setEmail(user.id, email);
  await record(call, 'account.email_changed');
  const updated = await reread(call);
  await deps.selfService.sendVerification(updated);
  await answerView(call, updated);
}

/** A confirmation link goes to `email` only as often as one from a sign-up; false when it has been refused (429). */
async function confirmationLinkAllowed(call: AccountRequest, email: string, refusal: string): Promise<boolean> {
  const limit = await call.deps.limits.take('verification', call.req, email);
  if (!limit.allowed) answer(call, 429, { error: 'too_many_requests', error_description: refusal }, { 'retry-after': String(limit.retryAfterSeconds) });
  return limit.allowed;
}

/**
 * `POST /email/confirmation`: a new link to confirm the address the account has, for one whose link was lost or ran
 * out. No password: the link goes to that address only, as often as a sign-up's.
 */
export async function sendConfirmationAgain(call: AccountRequest) {
  const { deps, user } = call;
  if (user.email_verified === 1) return answer(call, 409, { error: 'already_confirmed', error_description: `${user.email} is confirmed already.` });
  if (!(await confirmationLinkAllowed(call, user.email, 'Too many confirmation links. Try again later.'))) return;
  await deps.selfService.sendVerification(user);
  await answerView(call);
}

/** `PUT /password`, with the current one: the other sessions end. */
export async function changePassword(call: AccountRequest) {
  const { deps, user } = call;
  const parsed = passwordSchema.safeParse(call.body);
  if (!parsed.success) return invalid(call, 'expected JSON {"currentPassword", "newPassword"}');
  if (!(await passwordIsRight(call, parsed.data.currentPassword))) return;
  if (parsed.data.newPassword === parsed.data.currentPassword) {
    return answer(call, 400, { error: 'same_password', error_description: 'The new password is the one you have now: choose another.' });
  }
  const weak = passwordProblem(parsed.data.newPassword, [user.username, user.email, user.given_name, user.family_name]);
  if (weak) return answer(call, 400, { error: 'weak_password', error_description: weak });
  await deps.accounts.setPassword(user.id, parsed.data.newPassword);
  const ended = await deps.sessions.endOthers(user.id, call.sid);
  await record(call, 'account.password_changed', { endedSessions: ended });
  await answerView(call);
}

/** `POST /sessions/end-others`: signs out every session but the caller's. */
export async function endOtherSessions(call: AccountRequest) {
  const ended = await call.deps.sessions.endOthers(call.user.id, call.sid);
  await record(call, 'account.sessions_ended', { endedSessions: ended });
  await answerView(call);
}

/** `POST /passkeys/options`: what the device needs to make a passkey. */
export async function passkeyOptions(call: AccountRequest) {
  // Asked here too, so that a wrong password is said before the device makes a passkey the server would refuse.
  if (!(await factorPasswordIsRight(call))) return;
  const { user } = call;
  const displayName = `${user.given_name} ${user.family_name}`.trim() || user.username;
  answer(call, 200, { data: await call.deps.passkeys.registrationOptions({ id: user.id, username: user.username, displayName }) });
}

/** `POST /passkeys`: the passkey the device made, checked and kept. */
export async function addPasskey(call: AccountRequest) {
  const parsed = passkeySchema.safeParse(call.body);
  if (!parsed.success) return invalid(call, 'expected JSON {"response", "name", "password"}');
  if (!(await factorPasswordIsRight(call))) return;
  const added = await call.deps.passkeys.register(call.user.id, parsed.data.response as never, parsed.data.name || 'Passkey');
  if (!added) return answer(call, 400, { error: 'invalid_passkey', error_description: 'The passkey could not be checked. Start again.' });
  await record(call, 'account.passkey_added', { name: added.name });
  await notify(call, 'passkey-added');
  answer(call, 201, { data: added });
}

/** `DELETE /passkeys/:id`. */
export async function removePasskey(call: AccountRequest) {
  if (!(await factorPasswordIsRight(call))) return;
  if (!(await call.deps.passkeys.remove(call.user.id, call.params.id))) return answer(call, 404, { error: 'not_found', error_description: 'no such passkey' });
  await record(call, 'account.passkey_removed');
  await notify(call, 'passkey-removed');
  noContent(call);
}

/** `POST /totp`: a new authenticator app's secret, not in force until a first code confirms it. */
export async function startTotp(call: AccountRequest) {
  if (!(await factorPasswordIsRight(call))) return;
  const { deps, user } = call;
  if (await deps.totp.enabled(user.id)) return answer(call, 409, { error: 'conflict', error_description: 'Two-factor sign-in is already on.' });
  const data: TotpEnrollment = await deps.totp.begin(user.id, user.username);
  answer(call, 200, { data });
}

/** `PUT /totp`: the first code puts the authenticator app in force; the recovery codes come once. */
export async function confirmTotp(call: AccountRequest) {
  if (!(await factorPasswordIsRight(call))) return;
  const code = codeSchema.safeParse(call.body);
  if (!code.success) return invalid(call, 'expected JSON {"code"}');
  const recoveryCodes = await call.deps.totp.confirm(call.user.id, code.data.code);
  if (!recoveryCodes) {
    return answer(call, 400, { error: 'invalid_code', error_description: 'That code is not right. Check the time on your phone and try the next code.' });
  }
  await record(call, 'account.totp_enabled');
  await notify(call, 'totp-enabled');
  const data: RecoveryCodes = { recoveryCodes };
  answer(call, 200, { data });
}

/** `DELETE /totp`: the authenticator app and its recovery codes go. */
export async function turnTotpOff(call: AccountRequest) {
  if (!(await factorPasswordIsRight(call))) return;
  const { deps, user } = call;
  const wasOn = await deps.totp.enabled(user.id);
  await deps.totp.disable(user.id);
  await record(call, 'account.totp_disabled');
  if (wasOn) await notify(call, 'totp-disabled');
  await answerView(call);
}

/** `DELETE`, with the password: the account goes, with every session, unless it is an organization's only administrator. */
export async function deleteAccount(call: AccountRequest) {
  const { deps, user } = call;
  const parsed = deleteSchema.safeParse(call.body);
  if (!parsed.success) return invalid(call, 'expected JSON {"password"}');
  if (!(await passwordIsRight(call, parsed.data.password))) return;
  const sole = await deps.accounts.soleAdministratorOf(user.id);
  if (sole.length) {
    const names = sole.map((o) => o.name).join(', ');
    return answer(call, 409, { error: 'conflict', error_description: `You are the only administrator of ${names}: make someone else administrator first.` });
  }
  await deps.sessions.endAll(user.id);
  await deps.accounts.deleteUser(user.id);
  await record(call, 'account.deleted');
  noContent(call);
}
