import { escapeHtml, page } from '../html';
import { MIN_PASSWORD_LENGTH } from './password-policy';

/** Form controls for the self-service pages, in the colours of html.ts's STYLE. */
const FORM_STYLE = `<style>
form{margin:0}label{display:block;font-weight:600;font-size:.9rem;margin:1rem 0 .25rem}
input[type=text],input[type=email],input[type=password]{font:inherit;width:100%;padding:.55rem .7rem;border:1px solid #8a94a6;border-radius:.5rem;color:#1d2433}
input:focus{outline:3px solid #17705b;outline-offset:1px}.hint{font-size:.85rem;color:#4a5568;margin:.25rem 0 0}
.error{font-size:.9rem;color:#9b1c1c;margin:.3rem 0 0}.alert{background:#fdecec;color:#7f1d1d;border-radius:.5rem;padding:.6rem .8rem}
.notice{background:#eef7f4;border-radius:.5rem;padding:.6rem .8rem}a{color:#125a49}
</style>`;

export interface Field {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  value?: string;
  autocomplete: string;
  required?: boolean;
  hint?: string;
  error?: string;
  /** The keyboard a phone offers: digits only for a code of digits. */
  inputmode?: 'numeric';
  autofocus?: boolean;
  /** The most characters the field takes (the browser stops the typing there). */
  maxlength?: number;
}

function field(f: Field): string {
  const described = [f.hint ? `${f.name}-hint` : '', f.error ? `${f.name}-error` : ''].filter(Boolean).join(' ');
  return `<label for="${f.name}">${escapeHtml(f.label)}</label>
<input id="${f.name}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}"${f.inputmode ? ` inputmode="${f.inputmode}"` : ''}${f.autofocus ? ' autofocus' : ''}${f.maxlength ? ` maxlength="${f.maxlength}"` : ''}${f.required === false ? '' : ' required'}${
    f.value !== undefined && f.type !== 'password' ? ` value="${escapeHtml(f.value)}"` : ''
  }${described ? ` aria-describedby="${described}"` : ''}${f.error ? ' aria-invalid="true"' : ''}>
${f.hint ? `<p class="hint" id="${f.name}-hint">${escapeHtml(f.hint)}</p>` : ''}${f.error ? `<p class="error" id="${f.name}-error">${escapeHtml(f.error)}</p>` : ''}`;
}

export function formPage(options: {
  title: string;
  intro?: string;
  action: string;
  csrf: string;
  fields: Field[];
  submit: string;
  alert?: string;
  hidden?: Record<string, string>;
  footer?: string;
}): string {
  const hidden = Object.entries({ csrf: options.csrf, ...options.hidden })
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
  const body = `<h1>${escapeHtml(options.title)}</h1>
${options.alert ? `<p class="alert" role="alert">${escapeHtml(options.alert)}</p>` : ''}
${options.intro ? `<p>${escapeHtml(options.intro)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}" novalidate>${hidden}
${options.fields.map(field).join('\n')}
<div class="actions"><button type="submit" class="primary">${escapeHtml(options.submit)}</button></div></form>
${options.footer ?? ''}`;
  return page(options.title, body, FORM_STYLE);
}

/** A page that only says something, with links (each `[label, href]`), the first one primary. */
export function messagePage(title: string, paragraphs: string[], links: [string, string][] = [['Back to Trip Explorer', '/']]): string {
  const actions = links
    .map(([label, href], i) => `<a class="button ${i === 0 ? 'primary' : 'secondary'}" href="${escapeHtml(href)}">${escapeHtml(label)}</a>`)
    .join('');
  return page(title, `<h1>${escapeHtml(title)}</h1>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<div class="actions">${actions}</div>`, FORM_STYLE);
}

/** A page with one button that posts (confirming a link, so that a mail scanner's GET uses nothing). */
export function confirmPage(title: string, text: string, action: string, csrf: string, fields: Record<string, string>, submit: string): string {
  return formPage({ title, intro: text, action, csrf, fields: [], submit, hidden: fields });
}

/** The Explorer's page that starts a sign-in at this server and comes back to the map. */
export const SIGN_IN_PATH = '/signin';

/** A confirmation link opened again (or late) when its address is confirmed: nothing is wrong, sign in. */
export function alreadyConfirmedPage(email: string): string {
  return messagePage('Address already confirmed', [`${email} is already confirmed: there is nothing more to do with this link.`, 'Sign in to Trip Explorer with your account.'], [
    ['Sign in', SIGN_IN_PATH],
    ['Back to Trip Explorer', '/'],
  ]);
}

export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a good one; common passwords are refused.`;

/** How to get a new link of each kind, in words, and the page that asks for one when there is such a page. */
const NEW_LINK: Record<'confirmation' | 'password reset' | 'invitation', { how: string; ask?: [string, string]; ended: string }> = {
  confirmation: {
    how: 'For a new one, open your account settings (signed in) and choose Send the confirmation link again.',
    ask: ['Open your account settings', '/account'],
    ended: 'a change of the account’s password or e-mail address ended it',
  },
  'password reset': { how: 'You can ask for a new one.', ask: ['Ask for a new link', '/identity/forgot-password'], ended: 'a newer link or a change of password ended it' },
  invitation: { how: 'Ask the person who invited you for a new invitation.', ended: 'it was withdrawn' },
};

export function linkProblemPage(reason: 'unknown' | 'used' | 'expired', what: keyof typeof NEW_LINK): string {
  const text =
    reason === 'used'
      ? `This ${what} link has already been used, or ${NEW_LINK[what].ended}. Each link works once.`
      : reason === 'expired'
        ? `This ${what} link has expired.`
        : `This ${what} link is not valid. Check that you opened the whole link from the e-mail.`;
  const { how, ask } = NEW_LINK[what];
  return messagePage(reason === 'used' ? 'Link no longer works' : reason === 'expired' ? 'Link expired' : 'Link not valid', [text, how], [
    ...(ask ? [ask] : []),
    ['Back to Trip Explorer', '/'],
  ]);
}
