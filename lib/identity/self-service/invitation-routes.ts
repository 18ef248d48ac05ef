import type { IncomingMessage, ServerResponse } from 'node:http';
import { addressBucket, clientAddress, type ProxyTrust } from '@/lib/server/client-address';
import type { Accounts } from '../directory/types';
import { authenticate } from '../authenticate';
import { escapeHtml } from '../html';
import { readForm, sendHtml } from '../http';
import type { AcceptRefusal, OrganizationAdmin } from '../organization-admin';
import { checkCode } from '../second-factor/check-code';
import type { CodeThrottle } from '../second-factor/code-throttle';
import type { TotpFactor } from '../second-factor/totp';
import type { LoginThrottle } from '../throttle';
import type { FormCsrf } from './form-csrf';
import { formPage, linkProblemPage, messagePage } from './pages';
import { waitWords } from '@/lib/identity/wait-words';

export interface InvitationDeps {
  admin: OrganizationAdmin;
  accounts: Accounts;
  csrf: FormCsrf;
  throttle: LoginThrottle;
  proxyTrust: ProxyTrust;
  /** An account with two-step sign-in joins with its password and a code, as it signs in. */
  totp: Pick<TotpFactor, 'enabled' | 'verify'>;
  /** The sign-in's budget for wrong codes (a right password does not clear it). */
  codeThrottle: CodeThrottle;
}

const HOME: [string, string] = ['Back to Trip Explorer', '/'];

/** An invitation sent to an address, opened by another account (or by that account before it confirmed the address). */
function refusalPage(reason: AcceptRefusal, organization: string): string {
  return reason === 'other-address'
    ? messagePage('This invitation is for another address', [
        `This invitation to ${organization} was sent to another e-mail address than this account's: only the account that uses that address, confirmed, can join with it.`,
        'Sign in with that account, or create one with that address from the link. For this account, ask an administrator to invite its own address.',
      ], [HOME])
    : messagePage('Confirm your e-mail address first', [
        `This invitation to ${organization} is for this account's address, which is not confirmed yet.`,
        'Open the confirmation link we mailed to it (or ask for a new one on your account page), then open the invitation again.',
      ], [HOME]);
}

/**
 * `/identity/invitation?token=`: who invites to what, with two ways in: create an account (the sign-up page with
 * the invitation), or confirm an existing account's password to join (through the login throttle).
 */
export async function handleInvitation(deps: InvitationDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  if (url.pathname !== '/identity/invitation') return false;
  const send = (status: number, html: string) => {
    sendHtml(res, status, html);
    return true;
  };
  const isPost = req.method === 'POST';
  if (!isPost && req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD, POST');
    return send(405, messagePage('Not allowed', ['This page takes GET and POST only.']));
  }
  const form = isPost ? await readForm(req) : undefined;
  if (isPost && (!form || !deps.csrf.valid(req, form.get('csrf')))) {
    return send(403, messagePage('The form expired', ['The form expired or did not come from this site. Open the invitation link again.'], [HOME]));
  }
  const token = (isPost ? form!.get('token') : url.searchParams.get('token')) ?? '';
  const invited = await deps.admin.describeInvitation(token);
  if (!invited.ok) return send(invited.reason === 'unknown' ? 404 : 410, linkProblemPage(invited.reason, 'invitation'));
  const organization = invited.organization ?? 'an organization';
  const csrf = deps.csrf.token(req, res);

  const page = (alert?: string, login = '') =>
    formPage({
      title: `Join ${organization}`,
      intro: invited.row.email
        ? 'This invitation was sent to one e-mail address: join with the account that uses it (confirmed), with its password, or create an account with that address.'
        : 'Already have a Trip Explorer account? Confirm it with your password to join.',
      action: '/identity/invitation',
      csrf,
      hidden: { token },
      alert,
      fields: [
        { name: 'login', label: 'Username or e-mail', type: 'text', autocomplete: 'username', value: login },
        { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' },
        { name: 'code', label: 'Authenticator code (only if your account uses two-step sign-in)', type: 'text', autocomplete: 'one-time-code' },
      ],
      submit: 'Join with this account',
      footer: `<p>New to Trip Explorer? <a class="button secondary" href="/identity/signup?invitation=${escapeHtml(token)}">Create an account</a></p>`,
    });
  if (!isPost) return send(200, page());

  const login = (form!.get('login') ?? '').trim();
  const address = clientAddress(req, deps.proxyTrust);
  const result = await authenticate(deps.accounts, deps.throttle, login, form!.get('password') ?? '', address);
  if (!result.ok) {
    const alert = result.reason === 'throttled' ? `Too many failed attempts. Try again in ${waitWords(result.retryAfterSeconds ?? 1)}.` : 'Wrong username or password.';
    return send(result.reason === 'throttled' ? 429 : 401, page(alert, login));
  }
  const userId = result.user.id;
  if (await deps.totp.enabled(userId)) {
    const check = await checkCode(deps, userId, (form!.get('code') ?? '').trim(), addressBucket(address));
    if (!check.ok && check.waitMs > 0) return send(429, page(`Too many wrong codes. Try again in ${waitWords(check.waitMs / 1000)}.`, login));
    if (!check.ok) return send(401, page('This account uses two-step sign-in: enter the code from your authenticator app (or a recovery code).', login));
  }
  const accepted = await deps.admin.accept(token, result.user);
  if (!accepted.ok) {
    const { reason } = accepted;
    if (reason === 'other-address' || reason === 'unconfirmed-address') return send(403, refusalPage(reason, organization));
    return send(410, linkProblemPage(reason, 'invitation'));
  }
  return send(200, messagePage(`You joined ${organization}`, [`${result.user.username} is now a member of ${organization}. It shows in Trip Explorer on your next page.`]));
}
