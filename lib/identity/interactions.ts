import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InteractionInstance, Provider } from 'oidc-provider';
import { clientAddress, type ProxyTrust } from '@/lib/server/client-address';
import { authenticate, type LoginResult } from './authenticate';
import { csrfValid } from './csrf';
import type { FreshLogins } from './fresh-logins';
import { escapeHtml, page } from './html';
import { readForm, redirect, sendHtml, sendJson, wantsJson } from './http';
import { interactionView, type IdentityRuntime } from './runtime';
import type { LoginThrottle } from './throttle';
import { handleSecondFactor } from './second-factor/login-step';
import type { CodeThrottle } from './second-factor/code-throttle';
import { handlePasskeyLogin } from './second-factor/passkey-login';
import type { Passkeys } from './second-factor/passkeys';
import type { PendingLogins } from './second-factor/pending-logins';
import type { TotpFactor } from './second-factor/totp';

export interface InteractionDeps extends IdentityRuntime {
  throttle: LoginThrottle;
  proxyTrust: ProxyTrust;
  totp: TotpFactor;
  pending: PendingLogins;
  codeThrottle: CodeThrottle;
  passkeys: Passkeys;
  /** A sign-in this browser just proved on an invitation's page, taken instead of asking again. */
  freshLogins?: FreshLogins;
}

const PATH = /^\/identity\/interaction\/([A-Za-z0-9_-]+)(?:\/(login|consent|abort|totp|passkey|passkey\/options))?$/;

/** Answers with an error (JSON or a page) and reports the request as handled. */
function fail(req: IncomingMessage, res: ServerResponse, status: number, error: string, description: string): true {
  if (wantsJson(req)) {
    sendJson(res, status, { error, error_description: description });
    return true;
  }
  sendHtml(
    res,
    status,
    page('Sign-in problem', `<h1>That did not work</h1><p>${escapeHtml(description)}</p><div class="actions"><a class="button primary" href="/">Back to Trip Explorer</a></div>`),
  );
  return true;
}

/** The methods an interaction step takes; null for the passkey steps, which answer their own 405. */
function methodsOf(action: string | undefined): readonly string[] | null {
  if (!action) return ['GET', 'HEAD'];
  if (action === 'totp') return ['GET', 'HEAD', 'POST'];
  if (action.startsWith('passkey')) return null;
  return ['POST'];
}

/** Adds whatever the consent prompt is missing to the interaction's grant. */
async function grantConsent(provider: Provider, interaction: InteractionInstance): Promise<string> {
  const { details } = interaction.prompt;
  const accountId = interaction.session?.accountId;
  const clientId = interaction.params.client_id;
  if (!accountId || !clientId) throw new Error('consent without a signed-in account');
  const grant = (interaction.grantId && (await provider.Grant.find(interaction.grantId))) || new provider.Grant({ accountId, clientId });
  const scopes = details.missingOIDCScope as string[] | undefined;
  const claims = details.missingOIDCClaims as string[] | undefined;
  const resourceScopes = details.missingResourceScopes as Record<string, string[]> | undefined;
  if (scopes?.length) grant.addOIDCScope(scopes.join(' '));
  if (claims?.length) grant.addOIDCClaims(claims);
  for (const [indicator, list] of Object.entries(resourceScopes ?? {})) grant.addResourceScope(indicator, list.join(' '));
  return grant.save();
}

async function isFirstParty(provider: Provider, clientId: string | undefined) {
  const client = clientId ? await provider.Client.find(clientId).catch(() => undefined) : undefined;
  return client?.first_party === true;
}

/** One request to an interaction step: the provider's interaction, matched to the browser's session. */
interface Step {
  deps: InteractionDeps;
  req: IncomingMessage;
  res: ServerResponse;
  uid: string;
  interaction: InteractionInstance;
}

/** The step of interaction `uid`, or null (answered) when the browser's session has none or another one. */
async function openStep(deps: InteractionDeps, req: IncomingMessage, res: ServerResponse, uid: string): Promise<Step | null> {
  let interaction: InteractionInstance;
  try {
    interaction = await deps.provider.interactionDetails(req, res);
  } catch {
    fail(req, res, 400, 'invalid_request', 'This sign-in request has expired or was opened in another browser. Start again from the application.');
    return null;
  }
  if (interaction.uid !== uid) {
    fail(req, res, 400, 'invalid_request', 'This sign-in request does not match your browser session. Start again from the application.');
    return null;
  }
  return { deps, req, res, uid, interaction };
}

const alreadySignedIn = ({ req, res }: Step) => fail(req, res, 400, 'invalid_request', 'You are already signed in.');

/**
 * The interaction opened: a sign-in just proved on an invitation's page, or a first-party client's consent, finish
 * it at once; otherwise Next renders the page (false), or a non-browser caller gets the view as JSON.
 */
async function showStep({ deps, req, res, uid, interaction }: Step): Promise<boolean> {
  const { provider } = deps;
  const fresh = interaction.prompt.name === 'login' ? await deps.freshLogins?.take(req, res) : undefined;
  if (fresh && (await deps.accounts.findById(fresh.accountId))) {
    await provider.interactionFinished(req, res, { login: { accountId: fresh.accountId, amr: fresh.amr } }, { mergeWithLastSubmission: false });
    return true;
  }
  if (interaction.prompt.name === 'consent' && (await isFirstParty(provider, interaction.params.client_id))) {
    const grantId = await grantConsent(provider, interaction);
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return true;
  }
  if (!wantsJson(req)) return false;
  const view = await interactionView(deps, uid);
  if (!view) return fail(req, res, 404, 'invalid_request', 'no login or consent is pending for this request');
  sendJson(res, 200, view);
  return true;
}

/** The second-factor steps of a sign-in: a passkey (its options, then its answer) or an authenticator code. */
function secondFactorStep(step: Step, action: 'passkey' | 'passkey/options' | 'totp'): Promise<boolean> | true {
  const { deps, req, res, uid, interaction } = step;
  if (interaction.prompt.name !== 'login') return alreadySignedIn(step);
  const address = clientAddress(req, deps.proxyTrust);
  if (action === 'totp') return handleSecondFactor(deps, req, res, uid, address);
  return handlePasskeyLogin(deps, req, res, uid, action === 'passkey' ? 'verify' : 'options', address);
}

/** A wrong password or a throttled sign-in: JSON for a non-browser caller, else back to the page with the reason. */
function refuseSignIn({ req, res, uid }: Step, login: string, result: Extract<LoginResult, { ok: false }>): true {
  if (wantsJson(req)) {
    const status = result.reason === 'throttled' ? 429 : 401;
    const headers: Record<string, string> = result.retryAfterSeconds ? { 'retry-after': String(result.retryAfterSeconds) } : {};
    sendJson(res, status, { error: result.reason === 'throttled' ? 'too_many_attempts' : 'invalid_credentials' }, headers);
  } else {
    const query = new URLSearchParams({ error: result.reason, login, ...(result.retryAfterSeconds ? { retry: String(result.retryAfterSeconds) } : {}) });
    redirect(res, `/identity/interaction/${uid}?${query}`);
  }
  return true;
}

/** The password step: signed in, or on to the code when the account has two-step sign-in. */
async function signIn(step: Step, form: URLSearchParams): Promise<boolean> {
  const { deps, req, res, uid, interaction } = step;
  if (interaction.prompt.name !== 'login') return alreadySignedIn(step);
  const login = (form.get('login') ?? '').trim();
  const result = await authenticate(deps.accounts, deps.throttle, login, form.get('password') ?? '', clientAddress(req, deps.proxyTrust));
  if (!result.ok) return refuseSignIn(step, login, result);
  if (await deps.totp.enabled(result.user.id)) {
    await deps.pending.add(uid, result.user.id);
    if (wantsJson(req)) sendJson(res, 200, { second_factor: 'totp', next: `/identity/interaction/${uid}/totp` });
    else redirect(res, `/identity/interaction/${uid}/totp`);
    return true;
  }
  await deps.provider.interactionFinished(req, res, { login: { accountId: result.user.id, amr: ['pwd'] } }, { mergeWithLastSubmission: false });
  return true;
}

async function consent({ deps: { provider }, req, res, interaction }: Step): Promise<boolean> {
  if (interaction.prompt.name !== 'consent') return fail(req, res, 400, 'invalid_request', 'Nothing to consent to.');
  const grantId = await grantConsent(provider, interaction);
  await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  return true;
}

async function abort({ deps: { provider }, req, res }: Step): Promise<boolean> {
  await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
  return true;
}

/** The form steps (login, consent, abort), after the form's CSRF token is checked. */
async function formStep(step: Step, action: string): Promise<boolean> {
  const { deps, req, res, uid } = step;
  const form = await readForm(req);
  if (!form || !csrfValid(deps.cookieKeys, uid, form.get('csrf'))) {
    return fail(req, res, 403, 'invalid_request', 'The form expired or did not come from this site. Go back and try again.');
  }
  if (action === 'abort') return abort(step);
  if (action === 'login') return signIn(step, form);
  return consent(step);
}

/**
 * The interaction endpoints: GET shows the page (Next renders it; JSON for non-browser callers), POSTs finish
 * login, consent or abort with the provider's `interactionDetails`/`interactionFinished` on Node's req/res.
 */
export async function handleInteraction(deps: InteractionDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const match = PATH.exec(url.pathname);
  if (!match) return false;
  const [, uid, action] = match;
  const allowed = methodsOf(action);
  if (allowed && !allowed.includes(req.method ?? '')) {
    res.setHeader('allow', allowed.join(', '));
    return fail(req, res, 405, 'invalid_request', 'method not allowed');
  }
  const step = await openStep(deps, req, res, uid);
  if (!step) return true;
  if (!action) return showStep(step);
  if (action === 'passkey' || action === 'passkey/options' || action === 'totp') return secondFactorStep(step, action);
  return formStep(step, action);
}
