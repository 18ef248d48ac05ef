import { redirect } from 'next/navigation';
import { AppPageShell } from '@/components/layout/app-page-shell';
import { SignInRedirect } from '@/components/auth/sign-in-redirect';
import { identityCaller } from '@/lib/auth/identity-caller';
import { readAuthState } from '@/lib/auth/session-state';
import { readAccount } from '@/lib/identity-client/account';
import { AccountSettings } from './account-settings';

/** The signed-in person's account, read from the identity server with their own access token. */
export async function AccountPage() {
  const { token, stale } = await readAuthState();
  // The session's access token was refreshed for this request: the cookie keeps the new one first.
  if (stale) redirect('/api/session/refresh?returnTo=%2Faccount');
  const result = token?.accessToken ? await readAccount(identityCaller(token.accessToken)) : null;
  return (
    <AppPageShell section="Account" width="narrow">
      {!token || (result && !result.ok && result.status === 401) ? (
        <SignInRedirect callbackUrl="/account" message="Sign in to manage your account. Taking you to sign in…" />
      ) : !result?.ok ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
          {result && !result.ok ? result.message : 'Your account could not be read.'}
        </p>
      ) : (
        <>
          <h1 className="mb-4 text-2xl font-semibold text-ink">Account settings</h1>
          <AccountSettings account={result.value} />
        </>
      )}
    </AppPageShell>
  );
}
