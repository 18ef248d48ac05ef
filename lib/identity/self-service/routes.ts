import type { IncomingMessage, ServerResponse } from 'node:http';
import { logger } from '@/lib/core/logger';
import type { UserRow } from '../directory/types';
import { sameAddress } from '../email-address';
import { readForm, redirect, sendHtml } from '../http';
import type { OrganizationAdmin } from '../organization-admin';
import type { FormCsrf } from './form-csrf';
import type { SelfServiceLimits } from './limits';
import type { FreshLogins } from '../fresh-logins';
import { invitationProblemPage, welcomePage } from './invitation-pages';
import { roleWords } from './invitation-words';
import { alreadyConfirmedPage, confirmPage, formPage, linkProblemPage, messagePage, PASSWORD_HINT, SIGN_IN_PATH, type Field } from './pages';
import type { SecondFactors, SelfService, SignUpInput } from './service';
import { signUpPage, type InvitationSignUp } from './signup-page';
import type { TokenCheck } from './tokens';

export interface SelfServiceDeps {
  selfService: SelfService;
  csrf: FormCsrf;
  limits: SelfServiceLimits;
  admin: OrganizationAdmin;
  /** An invitation's new account goes on to the map signed in, without a second sign-in. */
  freshLogins?: FreshLogins;
}

const ROUTES = new Set(['/identity/signup', '/identity/signup/sent', '/identity/verify-email', '/identity/forgot-password', '/identity/reset-password']);

/** Only a sign-in interaction of this server is a place to go back to after signing up. */
export function safeReturn(value: string | null | undefined): string | undefined {
  return value && /^\/identity\/interaction\/[A-Za-z0-9_-]{1,100}$/.test(value) ? value : undefined;
}

const withReturn = (path: string, back: string | undefined) => (back ? `${path}?return=${encodeURIComponent(back)}` : path);

function tooMany(res: ServerResponse, retryAfterSeconds: number) {
  res.setHeader('retry-after', String(retryAfterSeconds));
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  sendHtml(res, 429, messagePage('Too many requests', [`Too many requests from here. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`]));
  return true;
}

function expiredForm(res: ServerResponse, again: string) {
  sendHtml(res, 403, messagePage('The form expired', ['The form expired or did not come from this site. Open it again and retry.'], [['Open the form again', again]]));
}

/**
 * Joins a new account to the organization it was invited to, and says how that went. The account is made before,
 * not in the same transaction: should joining fail, the account stays and the invitation stays open (its use
 * rolled back with the membership), so the person joins with the invitation link and the new account.
 */
async function joinAfterSignUp(admin: OrganizationAdmin, invitation: InvitationSignUp, user: UserRow): Promise<string> {
  const { organization } = invitation.offer;
  try {
    const accepted = await admin.accept(invitation.token, user);
    return accepted.ok ? `You have joined ${organization} as ${roleWords(invitation.offer)}.` : 'The invitation was used or revoked meanwhile: your account exists, but you have not joined the organization.';
  } catch (err) {
    logger.error('identity: joining an organization at sign-up failed', { user: user.username, error: String((err as Error)?.stack ?? err) });
    return `Joining ${organization} did not work this time. Open the invitation link again and join with this account.`;
  }
}

/**
 * A confirmation link that cannot be used: when its address is confirmed on the account anyway (the link was used,
 * or another one was), that is said instead of the link's problem.
 */
async function confirmationProblem(service: SelfService, check: Exclude<TokenCheck, { ok: true }>): Promise<[number, string]> {
  const confirmed = 'row' in check && check.row ? await service.confirmedAddress(check.row) : undefined;
  if (confirmed) return [410, alreadyConfirmedPage(confirmed)];
  return [check.reason === 'unknown' ? 404 : 410, linkProblemPage(check.reason, 'confirmation')];
}

/** Sign-up, e-mail confirmation and password reset: small HTML pages and their form posts, under /identity. */
export async function handleSelfService(deps: SelfServiceDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const path = url.pathname;
  if (!ROUTES.has(path)) return false;
  const { selfService: service, csrf, limits } = deps;
  const back = safeReturn(url.searchParams.get('return'));
  const isPost = req.method === 'POST';
  if (!isPost && req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, POST');
    sendHtml(res, 405, messagePage('Not allowed', ['This page takes GET and POST only.']));
    return true;
  }
  const form = isPost ? await readForm(req) : undefined;
  if (isPost && (!form || !csrf.valid(req, form.get('csrf')))) {
    expiredForm(res, withReturn(path === '/identity/signup/sent' ? '/identity/signup' : path, back));
    return true;
  }
  const token = csrf.token(req, res);
  const send = (status: number, html: string) => {
    sendHtml(res, status, html);
    return true;
  };

  if (path === '/identity/signup') {
    const invitationToken = (isPost ? form!.get('invitation') : url.searchParams.get('invitation')) ?? '';
    const invited = invitationToken ? await deps.admin.describeInvitation(invitationToken) : undefined;
    if (invited && !invited.ok) return send(invited.reason === 'unknown' ? 404 : 410, invitationProblemPage(invited));
    const invitation: InvitationSignUp | undefined = invited?.ok ? { token: invitationToken, offer: invited.offer } : undefined;
    if (!isPost) return send(200, signUpPage(token, back, { email: invitation?.offer.email ?? undefined }, {}, invitation));
    const values: SignUpInput = {
      username: form!.get('username') ?? '',
      email: form!.get('email') ?? '',
      givenName: form!.get('givenName') ?? '',
      familyName: form!.get('familyName') ?? '',
      password: form!.get('password') ?? '',
    };
    const limit = await limits.take('signup', req, values.email);
    if (!limit.allowed) return tooMany(res, limit.retryAfterSeconds);
    // An invitation sent to an address is for that address only: a sign-up with another one would be anyone holding a
    // forwarded link. With that very address, the mailed link proves it: no confirmation link is needed then.
    const invitedAddress = invitation?.offer.email;
    if (invitedAddress && !sameAddress(values.email, invitedAddress)) {
      return send(400, signUpPage(token, back, values, { email: 'This invitation was sent to another address: sign up with the address it was sent to.' }, invitation));
    }
    const emailVerified = Boolean(invitedAddress);
    const result = await service.signUp(values, { emailVerified });
    if (!result.ok) return send(400, signUpPage(token, back, values, result.errors, invitation));
    if (invitation) {
      const joined = await joinAfterSignUp(deps.admin, invitation, result.user);
      // The password was just chosen here: the next sign-in of this browser takes it instead of asking again.
      await deps.freshLogins?.issue(res, { accountId: result.user.id, amr: ['pwd'] });
      return send(200, welcomePage(result.user.username, joined, !emailVerified));
    }
    redirect(res, withReturn('/identity/signup/sent', back));
    return true;
  }

  if (path === '/identity/signup/sent') {
    const next: [string, string] = back ? ['Continue to sign in', back] : ['Back to Trip Explorer', '/'];
    sendHtml(res, 200, messagePage('Check your e-mail', ['Your account is ready. We sent you a link to confirm your e-mail address; it works once, for 24 hours.', 'You can sign in now and confirm the address later.'], [next]));
    return true;
  }

  if (path === '/identity/verify-email') {
    if (!isPost) {
      const checked = await service.checkVerification(url.searchParams.get('token') ?? '');
      if (!checked.ok) return send(...(await confirmationProblem(service, checked)));
      sendHtml(res, 200, confirmPage('Confirm your e-mail address', `Confirm that ${checked.row.email} is your address.`, '/identity/verify-email', token, { token: url.searchParams.get('token') ?? '' }, 'Confirm'));
      return true;
    }
    const used = await service.verifyEmail(form!.get('token') ?? '');
    if (!used.ok) return send(...(await confirmationProblem(service, used)));
    sendHtml(res, 200, messagePage('E-mail address confirmed', [`Thank you: ${used.row.email} is confirmed.`]));
    return true;
  }

  if (path === '/identity/forgot-password') {
    const fields: Field[] = [{ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', value: form?.get('email') ?? '' }];
    const page = (alert?: string) =>
      formPage({ title: 'Reset your password', intro: 'Enter the e-mail address of your account. We send a link to choose a new password.', action: '/identity/forgot-password', csrf: token, fields, submit: 'Send the link', alert });
    if (!isPost) return send(200, page());
    const email = (form!.get('email') ?? '').trim();
    if (!email.includes('@') || email.length > 254) return send(400, page('Enter an e-mail address such as name@example.com.'));
    const limit = await limits.take('reset', req, email);
    if (!limit.allowed) return tooMany(res, limit.retryAfterSeconds);
    // The same words, after the same work, whether or not an account has this address: the lookup, the link and the
    // mail happen after the answer, so neither the directory nor the mail transport shows in its timing.
    service.requestPasswordReset(email).catch((err: unknown) => {
      logger.error('identity: a password reset request failed', { error: String((err as Error)?.stack ?? err) });
    });
    sendHtml(res, 200, messagePage('Check your e-mail', [`If an account uses ${email}, we sent it a link to choose a new password. The link works once, for 30 minutes.`, 'No e-mail? Check the spam folder, or try the address you signed up with.']));
    return true;
  }

  // /identity/reset-password
  const linkToken = (isPost ? form!.get('token') : url.searchParams.get('token')) ?? '';
  const resetPage = (alert?: string, status = 200) =>
    sendHtml(
      res,
      status,
      formPage({
        title: 'Choose a new password',
        intro: 'After this, every device signed in to your account is signed out.',
        action: '/identity/reset-password',
        csrf: token,
        hidden: { token: linkToken },
        fields: [{ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT, error: alert }],
        submit: 'Set the new password',
        alert: alert ? 'Please choose another password.' : undefined,
      }),
    );
  if (!isPost) {
    const checked = await service.checkReset(linkToken);
    if (!checked.ok) return send(checked.reason === 'unknown' ? 404 : 410, linkProblemPage(checked.reason, 'password reset'));
    resetPage();
    return true;
  }
  const result = await service.resetPassword(linkToken, form!.get('password') ?? '');
  if (!result.ok) {
    if (result.reason === 'weak') {
      resetPage('message' in result ? result.message : undefined, 400);
      return true;
    }
    return send(result.reason === 'unknown' ? 404 : 410, linkProblemPage(result.reason, 'password reset'));
  }
  const factors = await service.secondFactors(result.row.user_id ?? '');
  sendHtml(
    res,
    200,
    messagePage('Password changed', ['Your new password is set, and every device that was signed in has been signed out.', ...factorReview(factors), 'Sign in again with the new password.'], [
      ['Sign in', SIGN_IN_PATH],
      ['Back to Trip Explorer', '/'],
    ]),
  );
  return true;
}

const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * The account's second factors, in words, after a reset: the owner checks that each is theirs, since a factor
 * (unlike the sessions) survives a reset and signs in with the new password, or instead of it.
 */
export function factorReview(factors: SecondFactors): string[] {
  const items = [
    ...(factors.totp ? ['an authenticator app (two-factor sign-in is on)'] : []),
    ...factors.passkeys.map(
      (p) => `the passkey "${p.name}", added ${day.format(new Date(p.createdAt))}${p.lastUsedAt ? `, last used ${day.format(new Date(p.lastUsedAt))}` : ', never used'}`,
    ),
  ];
  if (!items.length) return ['Your account has no second factor (authenticator app or passkey).'];
  return [
    `Your account's second factors: ${items.join('; ')}.`,
    'Check that you set up each of them. Remove any you do not recognize: sign in, open Account settings, and remove the passkey or turn off two-factor sign-in (both ask for your new password).',
  ];
}
