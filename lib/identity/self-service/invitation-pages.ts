import { escapeHtml } from '../html';
import type { InvitationDescription } from '../organization-admin';
import { invitationSentence, roleWords, type InvitationOffer } from './invitation-words';
import { formPage, linkProblemPage, messagePage, SIGN_IN_PATH } from './pages';
import { invitationPath } from './signup-page';

const HOME: [string, string] = ['Back to Trip Explorer', '/'];
const CONTINUE: [string, string] = ['Continue to Trip Explorer', SIGN_IN_PATH];

/** An invitation link that cannot be used; one used by an account that is a member now says so, with Sign in. */
export function invitationProblemPage(described: Extract<InvitationDescription, { ok: false }>): string {
  const { organization, member } = described;
  if (described.reason !== 'used' || !organization || !member) return linkProblemPage(described.reason, 'invitation');
  return messagePage(`You are already a member of ${organization}`, [
    `This invitation was used by ${member} to join ${organization}. Each invitation works once, and there is nothing more to do with it.`,
    `Sign in as ${member} to open ${organization} in Trip Explorer. Not ${member}? Ask the person who invited you for a new invitation.`,
  ], [['Sign in', SIGN_IN_PATH], HOME]);
}

/**
 * The invitation's sign-in form: its first choice when the invited address has an account, the second otherwise.
 * An account with two-step sign-in gives its code here too.
 */
export function invitationSignInPage(options: { token: string; offer: InvitationOffer; csrf: string; login: string; alert?: string }): string {
  const { token, offer } = options;
  return formPage({
    title: `Join ${offer.organization}`,
    intro: `${invitationSentence(offer)} ${offer.email ? `Sign in with the account that uses ${offer.email} to join.` : 'Sign in with your Trip Explorer account to join.'}`,
    action: '/identity/invitation',
    csrf: options.csrf,
    hidden: { token },
    alert: options.alert,
    fields: [
      { name: 'login', label: 'Username or e-mail', type: 'text', autocomplete: 'username', value: options.login },
      { name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' },
      { name: 'code', label: 'Authenticator code (only if your account uses two-step sign-in)', type: 'text', autocomplete: 'one-time-code', required: false },
    ],
    submit: 'Sign in and join',
    footer:
      `<p><a href="/identity/forgot-password">Forgot your password?</a></p>` +
      (offer.hasAccount ? '' : `<p>New to Trip Explorer? <a href="${escapeHtml(invitationPath(token, 'sign-up'))}">Create an account</a></p>`),
  });
}

/** After joining with an existing account's password on the invitation page: on to the map, signed in. */
export function joinedPage(username: string, offer: InvitationOffer): string {
  return messagePage(`You joined ${offer.organization}`, [
    `${username} is now a member of ${offer.organization} as ${roleWords(offer)}.`,
    'Continue to Trip Explorer: you are signed in there with this account.',
  ], [CONTINUE]);
}

/** After an invitation's sign-up: the account is ready and (`joined`) in the organization; on to the map, signed in. */
export function welcomePage(username: string, joined: string, confirmationSent: boolean): string {
  return messagePage('Welcome to Trip Explorer', [
    `Your account ${username} is ready. ${joined}`,
    ...(confirmationSent ? ['We sent you a link to confirm your e-mail address.'] : []),
    'Continue to Trip Explorer: you are signed in there with your new account.',
  ], [CONTINUE]);
}
