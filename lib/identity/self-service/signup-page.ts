import { escapeHtml } from '../html';
import { invitationSentence, type InvitationOffer } from './invitation-words';
import { formPage, PASSWORD_HINT, SIGN_IN_PATH, type Field } from './pages';
import type { FieldErrors, SignUpInput } from './service';
import { PERSON_NAME_MAX } from '../person-name';

/** An invitation a sign-up joins: its link's token and what it offers. */
export interface InvitationSignUp {
  token: string;
  offer: InvitationOffer;
}

export const invitationPath = (token: string, lead: 'sign-in' | 'sign-up') => `/identity/invitation?token=${encodeURIComponent(token)}&with=${lead}`;

/**
 * The sign-up form, alone or as an invitation's first choice (its page leads with it when the invited address has
 * no account): then it says who invites to what, and signing in is the second choice.
 */
export function signUpPage(csrf: string, back: string | undefined, values: Partial<SignUpInput> = {}, errors: FieldErrors = {}, invitation?: InvitationSignUp): string {
  const invitedAddress = invitation?.offer.email;
  const fields: Field[] = [
    { name: 'username', label: 'Username', type: 'text', autocomplete: 'username', value: values.username, error: errors.username, hint: '3 to 32 letters, digits, dots, hyphens or underscores.' },
    {
      name: 'email',
      label: 'E-mail',
      type: 'email',
      autocomplete: 'email',
      value: values.email,
      error: errors.email,
      hint: invitedAddress ? 'The address this invitation was sent to.' : 'We send a link to confirm it.',
    },
    { name: 'givenName', label: 'First name', type: 'text', autocomplete: 'given-name', value: values.givenName, error: errors.givenName, maxlength: PERSON_NAME_MAX },
    { name: 'familyName', label: 'Last name (optional)', type: 'text', autocomplete: 'family-name', value: values.familyName, error: errors.familyName, required: false, maxlength: PERSON_NAME_MAX },
    { name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password, hint: PASSWORD_HINT },
  ];
  return formPage({
    title: invitation ? `Join ${invitation.offer.organization}` : 'Create an account',
    intro: invitation ? `${invitationSentence(invitation.offer)} Create your Trip Explorer account to join.` : undefined,
    action: back ? `/identity/signup?return=${encodeURIComponent(back)}` : '/identity/signup',
    csrf,
    fields,
    hidden: invitation ? { invitation: invitation.token } : undefined,
    submit: invitation ? 'Create account and join' : 'Create account',
    alert: Object.keys(errors).length ? 'Please correct the fields below.' : undefined,
    footer: invitation
      ? `<p>Already have a Trip Explorer account? <a href="${escapeHtml(invitationPath(invitation.token, 'sign-in'))}">Sign in to join</a></p>`
      : `<p>Already have an account? <a href="${escapeHtml(back ?? SIGN_IN_PATH)}">Sign in</a></p>`,
  });
}
