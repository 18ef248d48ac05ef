import { logger } from '@/lib/core/logger';
import { sendHtml } from '../http';
import { tooMany, type PageRequest } from './page-request';
import { formPage, linkProblemPage, messagePage, PASSWORD_HINT, SIGN_IN_PATH, type Field } from './pages';
import type { SecondFactors } from './service';

const forgotPage = (csrf: string, email: string, alert?: string) => {
  const fields: Field[] = [{ name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', value: email }];
  return formPage({ title: 'Reset your password', intro: 'Enter the e-mail address of your account. We send a link to choose a new password.', action: '/identity/forgot-password', csrf, fields, submit: 'Send the link', alert });
};

export function showForgotPassword({ res, csrf }: PageRequest): void {
  sendHtml(res, 200, forgotPage(csrf, ''));
}

export async function forgotPassword({ deps, req, res, csrf }: PageRequest, form: URLSearchParams): Promise<void> {
  const email = (form.get('email') ?? '').trim();
  if (!email.includes('@') || email.length > 254) return sendHtml(res, 400, forgotPage(csrf, form.get('email') ?? '', 'Enter an e-mail address such as name@example.com.'));
  const limit = await deps.limits.take('reset', req, email);
  if (!limit.allowed) return tooMany(res, limit);
  // The same words, after the same work, whether or not an account has this address: the lookup, the link and the
  // mail happen after the answer, so neither the directory nor the mail transport shows in its timing.
  deps.selfService.requestPasswordReset(email).catch((err: unknown) => {
    logger.error('identity: a password reset request failed', { error: String((err as Error)?.stack ?? err) });
  });
  sendHtml(res, 200, messagePage('Check your e-mail', [`If an account uses ${email}, we sent it a link to choose a new password. The link works once, for 30 minutes.`, 'No e-mail? Check the spam folder, or try the address you signed up with.']));
}

const resetPage = (csrf: string, linkToken: string, alert?: string) =>
  formPage({
    title: 'Choose a new password',
    intro: 'After this, every device signed in to your account is signed out.',
    action: '/identity/reset-password',
    csrf,
    hidden: { token: linkToken },
    fields: [{ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', hint: PASSWORD_HINT, error: alert }],
    submit: 'Set the new password',
    alert: alert ? 'Please choose another password.' : undefined,
  });

export async function showPasswordReset({ deps, res, url, csrf }: PageRequest): Promise<void> {
  const linkToken = url.searchParams.get('token') ?? '';
  const checked = await deps.selfService.checkReset(linkToken);
  if (!checked.ok) return sendHtml(res, checked.reason === 'unknown' ? 404 : 410, linkProblemPage(checked.reason, 'password reset'));
  sendHtml(res, 200, resetPage(csrf, linkToken));
}

export async function resetPassword({ deps, res, csrf }: PageRequest, form: URLSearchParams): Promise<void> {
  const linkToken = form.get('token') ?? '';
  const service = deps.selfService;
  const result = await service.resetPassword(linkToken, form.get('password') ?? '');
  if (!result.ok) {
    if (result.reason === 'weak') return sendHtml(res, 400, resetPage(csrf, linkToken, 'message' in result ? result.message : undefined));
    return sendHtml(res, result.reason === 'unknown' ? 404 : 410, linkProblemPage(result.reason, 'password reset'));
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
