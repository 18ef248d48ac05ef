import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Provider } from 'oidc-provider';
import { addressBucket } from '@/lib/server/client-address';
import { csrfToken, csrfValid } from '../csrf';
import { readForm, sendHtml, sendJson, wantsJson } from '../http';
import { type Field, formPage, messagePage } from '../self-service/pages';
import type { LoginThrottle } from '../throttle';
import { checkCode } from './check-code';
import type { CodeThrottle } from './code-throttle';
import type { PendingLogins } from './pending-logins';
import type { TotpFactor } from './totp';
import { waitWords } from '@/lib/identity/wait-words';

export interface SecondFactorDeps {
  provider: Provider;
  cookieKeys: string[];
  throttle: LoginThrottle;
  totp: TotpFactor;
  pending: PendingLogins;
  codeThrottle: CodeThrottle;
}

/** What the code step asks for: the app's 6 digits (a phone's digit keyboard), or a recovery code (letters too). */
type CodeKind = 'app' | 'recovery';

const CODE_FIELDS: Record<CodeKind, Field> = {
  app: { name: 'code', label: 'Code from your authenticator app', type: 'text', autocomplete: 'one-time-code', inputmode: 'numeric', autofocus: true, hint: '6 digits, for example 123456.' },
  recovery: { name: 'code', label: 'Recovery code', type: 'text', autocomplete: 'off', autofocus: true, hint: 'One of the codes you saved, for example abcd-efgh-ijkl-mnop.' },
};

function codePage(deps: SecondFactorDeps, uid: string, kind: CodeKind, alert?: string) {
  const action = `/identity/interaction/${uid}/totp`;
  const other = kind === 'app' ? `<a href="${action}?with=recovery">Use a recovery code instead</a>` : `<a href="${action}">Use a code from your authenticator app instead</a>`;
  return formPage({
    title: 'Two-factor sign-in',
    intro: kind === 'app' ? 'Enter the 6-digit code your authenticator app shows.' : 'Enter one of your recovery codes. Each works once.',
    action: kind === 'app' ? action : `${action}?with=recovery`,
    csrf: csrfToken(deps.cookieKeys, uid),
    alert,
    fields: [CODE_FIELDS[kind]],
    submit: 'Verify',
    footer: `<p>${other}</p><p><a href="/identity/interaction/${uid}">Start over</a></p>`,
  });
}

const codeKindOf = (req: IncomingMessage): CodeKind => (new URL(req.url ?? '/', 'http://x').searchParams.get('with') === 'recovery' ? 'recovery' : 'app');

/**
 * The second step of a sign-in whose password was right (interactions.ts put it in `pending`): a TOTP code or a
 * recovery code, counted by the login throttle like a password, then the login finishes with `amr` saying how.
 */
export async function handleSecondFactor(deps: SecondFactorDeps, req: IncomingMessage, res: ServerResponse, uid: string, address: string): Promise<true> {
  const accountId = await deps.pending.accountOf(uid);
  if (!accountId) {
    sendHtml(res, 400, messagePage('Sign in again', ['This step has expired. Enter your password again.'], [['Back to sign in', `/identity/interaction/${uid}`]]));
    return true;
  }
  const kind = codeKindOf(req);
  if (req.method === 'GET' || req.method === 'HEAD') {
    sendHtml(res, 200, codePage(deps, uid, kind));
    return true;
  }
  const form = await readForm(req);
  if (!form || !csrfValid(deps.cookieKeys, uid, form.get('csrf'))) {
    sendHtml(res, 403, codePage(deps, uid, kind, 'The form expired. Try again.'));
    return true;
  }
  const check = await checkCode(deps, accountId, form.get('code') ?? '', addressBucket(address));
  if (!check.ok && check.waitMs > 0) {
    const seconds = Math.ceil(check.waitMs / 1000);
    if (wantsJson(req)) sendJson(res, 429, { error: 'too_many_attempts' }, { 'retry-after': String(seconds) });
    else sendHtml(res, 429, codePage(deps, uid, kind, `Too many wrong codes. Try again in ${waitWords(seconds)}.`));
    return true;
  }
  if (!check.ok) {
    if (wantsJson(req)) sendJson(res, 401, { error: 'invalid_code' });
    else sendHtml(res, 401, codePage(deps, uid, kind, kind === 'app' ? 'That code is not right. Codes change every 30 seconds.' : 'That recovery code is not right, or it was used before.'));
    return true;
  }
  await deps.pending.finish(uid);
  // RFC 8176: pwd, then otp for a TOTP code; a recovery code is a one-time password too, and mfa either way.
  await deps.provider.interactionFinished(req, res, { login: { accountId, amr: ['pwd', 'otp', 'mfa'] } }, { mergeWithLastSubmission: false });
  return true;
}
