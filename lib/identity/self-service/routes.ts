import type { IncomingMessage, ServerResponse } from 'node:http';
import { readForm, sendHtml } from '../http';
import { confirmEmail, showEmailConfirmation } from './email-routes';
import { withReturn, type FormAction, type PageRequest, type PageView, type SelfServiceDeps } from './page-request';
import { messagePage } from './pages';
import { forgotPassword, resetPassword, showForgotPassword, showPasswordReset } from './password-routes';
import { showSignUp, signUp, signUpSent } from './signup-routes';

export type { SelfServiceDeps } from './page-request';

/** Each page: what shows it (GET, HEAD) and what takes its form (POST). */
const PAGES = new Map<string, { show: PageView; post: FormAction }>([
  ['/identity/signup', { show: showSignUp, post: signUp }],
  ['/identity/signup/sent', { show: signUpSent, post: signUpSent }],
  ['/identity/verify-email', { show: showEmailConfirmation, post: confirmEmail }],
  ['/identity/forgot-password', { show: showForgotPassword, post: forgotPassword }],
  ['/identity/reset-password', { show: showPasswordReset, post: resetPassword }],
]);

/** Only a sign-in interaction of this server is a place to go back to after signing up. */
export function safeReturn(value: string | null | undefined): string | undefined {
  return value && /^\/identity\/interaction\/[A-Za-z0-9_-]{1,100}$/.test(value) ? value : undefined;
}

function expiredForm(res: ServerResponse, again: string) {
  sendHtml(res, 403, messagePage('The form expired', ['The form expired or did not come from this site. Open it again and retry.'], [['Open the form again', again]]));
}

/** Sign-up, e-mail confirmation and password reset: small HTML pages and their form posts, under /identity. */
export async function handleSelfService(deps: SelfServiceDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const path = url.pathname;
  const page = PAGES.get(path);
  if (!page) return false;
  const back = safeReturn(url.searchParams.get('return'));
  const isPost = req.method === 'POST';
  if (!isPost && req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, POST');
    sendHtml(res, 405, messagePage('Not allowed', ['This page takes GET and POST only.']));
    return true;
  }
  const form = isPost ? await readForm(req) : undefined;
  if (isPost && (!form || !deps.csrf.valid(req, form.get('csrf')))) {
    expiredForm(res, withReturn(path === '/identity/signup/sent' ? '/identity/signup' : path, back));
    return true;
  }
  const request: PageRequest = { deps, req, res, url, back, csrf: deps.csrf.token(req, res) };
  await (form ? page.post(request, form) : page.show(request));
  return true;
}
