import type { IncomingMessage, ServerResponse } from 'node:http';
import { addressBucket, clientAddress, type ProxyTrust } from '@/lib/server/client-address';
import type { Accounts } from '../directory/types';
import { authenticate } from '../authenticate';
import type { FreshLogins } from '../fresh-logins';
import { readForm, sendHtml } from '../http';
import type { AcceptRefusal, OrganizationAdmin } from '../organization-admin';
import { checkCode } from '../second-factor/check-code';
import type { CodeThrottle } from '../second-factor/code-throttle';
import type { TotpFactor } from '../second-factor/totp';
import type { LoginThrottle } from '../throttle';
import type { FormCsrf } from './form-csrf';
import { invitationProblemPage, invitationSignInPage, joinedPage } from './invitation-pages';
import { linkProblemPage, messagePage } from './pages';
import { signUpPage } from './signup-page';
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
  /** Joining with an account's password here signs this browser in to the map without asking again. */
  freshLogins?: FreshLogins;
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
        'Open the confirmation link we mailed to it (or send it again from your account settings), then open the invitation again.',
      ], [HOME]);
}

/**
 * `/identity/invitation?token=`: who invites to what and as what, with two ways in. Creating an account comes first
 * when the invited address has none (and for a link, which names no address); signing in with an existing
 * account's password (through the login throttle) comes first when it has one. `with=sign-in` or `with=sign-up`
 * asks for the other. Either way the browser is then signed in to the map without a second sign-in.
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
  if (!invited.ok) return send(invited.reason === 'unknown' ? 404 : 410, invitationProblemPage(invited));
  const { offer } = invited;
  const organization = offer.organization;
  const csrf = deps.csrf.token(req, res);
  const page = (alert?: string, login = offer.hasAccount ? (offer.email ?? '') : '') => invitationSignInPage({ token, offer, csrf, login, alert });

  if (!isPost) {
    const asked = url.searchParams.get('with');
    const lead = asked === 'sign-in' || asked === 'sign-up' ? asked : offer.hasAccount ? 'sign-in' : 'sign-up';
    return send(200, lead === 'sign-in' ? page() : signUpPage(csrf, undefined, { email: offer.email ?? undefined }, {}, { token, offer }));
  }

  const login = (form!.get('login') ?? '').trim();
  const address = clientAddress(req, deps.proxyTrust);
  const result = await authenticate(deps.accounts, deps.throttle, login, form!.get('password') ?? '', address);
  if (!result.ok) {
    const alert = result.reason === 'throttled' ? `Too many failed attempts. Try again in ${waitWords(result.retryAfterSeconds ?? 1)}.` : 'Wrong username or password.';
    return send(result.reason === 'throttled' ? 429 : 401, page(alert, login));
  }
  const userId = result.user.id;
  const twoStep = await deps.totp.enabled(userId);
  if (twoStep) {
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
  // Proven here as the sign-in page would (the password, and the code when the account has one).
  await deps.freshLogins?.issue(res, { accountId: userId, amr: twoStep ? ['pwd', 'otp', 'mfa'] : ['pwd'] });
  return send(200, joinedPage(result.user.username, offer));
}
