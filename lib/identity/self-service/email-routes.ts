import { sendHtml } from '../http';
import type { PageRequest } from './page-request';
import { alreadyConfirmedPage, confirmPage, linkProblemPage, messagePage } from './pages';
import type { SelfService } from './service';
import type { TokenCheck } from './tokens';

/**
 * A confirmation link that cannot be used: when its address is confirmed on the account anyway (the link was used,
 * or another one was), that is said instead of the link's problem.
 */
async function confirmationProblem(service: SelfService, check: Exclude<TokenCheck, { ok: true }>): Promise<[number, string]> {
  const confirmed = 'row' in check && check.row ? await service.confirmedAddress(check.row) : undefined;
  if (confirmed) return [410, alreadyConfirmedPage(confirmed)];
  return [check.reason === 'unknown' ? 404 : 410, linkProblemPage(check.reason, 'confirmation')];
}

/** The confirmation link opened: a page whose button confirms (opening the link changes nothing). */
export async function showEmailConfirmation({ deps, res, url, csrf }: PageRequest): Promise<void> {
  const service = deps.selfService;
  const checked = await service.checkVerification(url.searchParams.get('token') ?? '');
  if (!checked.ok) return sendHtml(res, ...(await confirmationProblem(service, checked)));
  sendHtml(res, 200, confirmPage('Confirm your e-mail address', `Confirm that ${checked.row.email} is your address.`, '/identity/verify-email', csrf, { token: url.searchParams.get('token') ?? '' }, 'Confirm'));
}

export async function confirmEmail({ deps, res }: PageRequest, form: URLSearchParams): Promise<void> {
  const service = deps.selfService;
  const used = await service.verifyEmail(form.get('token') ?? '');
  if (!used.ok) return sendHtml(res, ...(await confirmationProblem(service, used)));
  sendHtml(res, 200, messagePage('E-mail address confirmed', [`Thank you: ${used.row.email} is confirmed.`]));
}
