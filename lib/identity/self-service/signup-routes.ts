import { logger } from '@/lib/core/logger';
import type { UserRow } from '../directory/types';
import { sameAddress } from '../email-address';
import { redirect, sendHtml } from '../http';
import type { OrganizationAdmin } from '../organization-admin';
import { invitationProblemPage, welcomePage } from './invitation-pages';
import { roleWords } from './invitation-words';
import { tooMany, withReturn, type PageRequest } from './page-request';
import { messagePage } from './pages';
import { signUpFormProblems, type SignUpInput } from './service';
import { signUpPage, type InvitationSignUp } from './signup-page';

/**
 * The invitation a sign-up comes with (`invitation` in the query or the form), or undefined for none; null when its
 * link cannot be used, which has been answered then.
 */
async function invitationOf({ deps, res }: PageRequest, invitationToken: string): Promise<InvitationSignUp | undefined | null> {
  const invited = invitationToken ? await deps.admin.describeInvitation(invitationToken) : undefined;
  if (invited && !invited.ok) {
    sendHtml(res, invited.reason === 'unknown' ? 404 : 410, invitationProblemPage(invited));
    return null;
  }
  return invited?.ok ? { token: invitationToken, offer: invited.offer } : undefined;
}

export async function showSignUp(request: PageRequest): Promise<void> {
  const invitation = await invitationOf(request, request.url.searchParams.get('invitation') ?? '');
  if (invitation === null) return;
  sendHtml(request.res, 200, signUpPage(request.csrf, request.back, { email: invitation?.offer.email ?? undefined }, {}, invitation));
}

const signUpValues = (form: URLSearchParams): SignUpInput => ({
  username: form.get('username') ?? '',
  email: form.get('email') ?? '',
  givenName: form.get('givenName') ?? '',
  familyName: form.get('familyName') ?? '',
  password: form.get('password') ?? '',
});

export async function signUp(request: PageRequest, form: URLSearchParams): Promise<void> {
  const { deps, req, res, csrf, back } = request;
  const invitation = await invitationOf(request, form.get('invitation') ?? '');
  if (invitation === null) return;
  const values = signUpValues(form);
  const mistakes = signUpFormProblems(values);
  if (Object.keys(mistakes).length) return sendHtml(res, 400, signUpPage(csrf, back, values, mistakes, invitation));
  const limit = await deps.limits.take('signup', req, values.email);
  if (!limit.allowed) return tooMany(res, limit);
  // An invitation sent to an address is for that address only: a sign-up with another one would be anyone holding a
  // forwarded link. With that very address, the mailed link proves it: no confirmation link is needed then.
  const invitedAddress = invitation?.offer.email;
  if (invitedAddress && !sameAddress(values.email, invitedAddress)) {
    return sendHtml(res, 400, signUpPage(csrf, back, values, { email: 'This invitation was sent to another address: sign up with the address it was sent to.' }, invitation));
  }
  const emailVerified = Boolean(invitedAddress);
  const result = await deps.selfService.signUp(values, { emailVerified });
  if (!result.ok) return sendHtml(res, 400, signUpPage(csrf, back, values, result.errors, invitation));
  if (invitation) return welcome(request, invitation, result.user, emailVerified);
  // On the way into the app (a sign-in request sent them here), the password just chosen signs them in: the
  // request they go back to takes it instead of asking for it again. A sign-up on its own signs nobody in.
  if (back) await deps.freshLogins?.issue(res, { accountId: result.user.id, amr: ['pwd'] });
  redirect(res, withReturn('/identity/signup/sent', back));
}

/** An invited sign-up: joins the organization and goes on signed in. */
async function welcome({ deps, res }: PageRequest, invitation: InvitationSignUp, user: UserRow, emailVerified: boolean): Promise<void> {
  const joined = await joinAfterSignUp(deps.admin, invitation, user);
  // The password was just chosen here: the next sign-in of this browser takes it instead of asking again.
  await deps.freshLogins?.issue(res, { accountId: user.id, amr: ['pwd'] });
  sendHtml(res, 200, welcomePage(user.username, joined, !emailVerified));
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

export function signUpSent({ res, back }: PageRequest): void {
  const sent = 'Your account is ready. We sent you a link to confirm your e-mail address; it works once, for 24 hours.';
  if (back) return sendHtml(res, 200, messagePage('Check your e-mail', [sent, 'You are signed in: go on now and confirm the address later.'], [['Continue to Trip Explorer', back]]));
  sendHtml(res, 200, messagePage('Check your e-mail', [sent, 'You can sign in now and confirm the address later.'], [['Back to Trip Explorer', '/']]));
}
