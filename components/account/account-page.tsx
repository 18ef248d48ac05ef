import Link from 'next/link';
import { redirect } from 'next/navigation';
import { HeaderAccount } from '@/components/layout/header-account';
import { SignInRedirect } from '@/components/auth/sign-in-redirect';
import { callAccountApi } from '@/lib/auth/account-client';
import { readAuthState } from '@/lib/auth/session-state';
import { accessTokenExpired } from '@/lib/auth/token-refresh';
import { AccountSettings } from './account-settings';

/** The signed-in person's account, read from the identity server with their own access token. */
export async function AccountPage() {
  const { token } = await readAuthState();
  if (token && accessTokenExpired(token) && token.refreshToken) redirect('/api/session/refresh?returnTo=%2Faccount');
  const result = token?.accessToken ? await callAccountApi(token.accessToken, '') : null;
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex h-14 items-center gap-4 border-b border-slate-200 bg-white px-4">
        <Link href="/" className="rounded font-semibold tracking-tight text-ink focus-visible:outline-2 focus-visible:outline-brand-600">
          Trip Explorer
        </Link>
        <span aria-hidden="true" className="text-slate-300">/</span>
        <span className="text-sm text-slate-600">Account</span>
        <nav aria-label="Account" className="ml-auto flex items-center text-sm">
          <HeaderAccount />
        </nav>
      </header>
      <main className="mx-auto max-w-2xl px-4 py-6">
        {!token || (result && !result.ok && result.status === 401) ? (
          <SignInRedirect callbackUrl="/account" message="Sign in to manage your account. Taking you to sign in…" />
        ) : !result?.ok || !result.account ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
            {result && !result.ok ? result.message : 'Your account could not be read.'}
          </p>
        ) : (
          <>
            <h1 className="mb-4 text-2xl font-semibold text-ink">Account settings</h1>
            <AccountSettings account={result.account} />
          </>
        )}
      </main>
    </div>
  );
}
