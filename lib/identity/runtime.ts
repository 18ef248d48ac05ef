import type { Provider } from 'oidc-provider';
import { lookup } from '@/lib/core/registry';
import type { Accounts, ModeratorStore } from './directory/types';
import { csrfToken } from './csrf';
import type { Mailer } from './mail/mailer';

/**
 * What the identity subsystem publishes for the Next pages (login, consent), which are bundled apart from it: the
 * part of its IdentityDeps (compose.ts) they read, `provider` the current one after a signing key's rotation.
 */
export interface IdentityRuntime {
  provider: Provider;
  accounts: Accounts;
  /** The platform's moderators, read at each request (the moderation page). */
  moderators: ModeratorStore;
  /** The identity server's mail, which also tells authors what moderators did. */
  mailer: Mailer;
  cookieKeys: string[];
}

export const IDENTITY_RUNTIME = 'identity';

export function identityRuntime(): IdentityRuntime | undefined {
  return lookup<IdentityRuntime>(IDENTITY_RUNTIME);
}

export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  openid: 'Confirm who you are',
  email: 'Your e-mail address and whether it is verified',
  profile: 'Your name',
  cosmos: 'Your organizations and roles, to use the fleet-management platform',
  offline_access: 'Stay connected while you are away',
};

export interface InteractionView {
  uid: string;
  prompt: 'login' | 'consent';
  clientId: string;
  clientName: string;
  /** Scopes the user is asked to grant (consent). */
  scopes: string[];
  loginHint?: string;
  csrf: string;
}

/** The interaction as the pages show it; undefined when it is unknown or expired. */
export async function interactionView(runtime: IdentityRuntime, uid: string): Promise<InteractionView | undefined> {
  const interaction = await runtime.provider.Interaction.find(uid);
  if (!interaction) return undefined;
  const { prompt, params } = interaction;
  if (prompt.name !== 'login' && prompt.name !== 'consent') return undefined;
  const clientId = params.client_id ?? '';
  const client = await runtime.provider.Client.find(clientId).catch(() => undefined);
  const missing = (prompt.details.missingOIDCScope as string[] | undefined) ?? [];
  return {
    uid,
    prompt: prompt.name,
    clientId,
    clientName: client?.clientName ?? clientId,
    scopes: missing.filter((scope) => scope !== 'openid'),
    loginHint: params.login_hint,
    csrf: csrfToken(runtime.cookieKeys, uid),
  };
}
