'use client';

import { useState } from 'react';

/** Starts the sign-in at the identity server and comes back to this very page (map view included). */
export function SignInButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        // The session client (next-auth's, with its runtime helpers) loads on the press, not with every page.
        import('next-auth/react')
          .then(({ signIn }) => signIn('identity', { callbackUrl: window.location.href }))
          .catch(() => setPending(false));
      }}
      className={
        className ??
        'rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-70'
      }
    >
      {pending ? 'Signing in…' : 'Sign in'}
    </button>
  );
}
