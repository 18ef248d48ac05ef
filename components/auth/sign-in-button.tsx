'use client';

import { signIn } from 'next-auth/react';
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
        void signIn('identity', { callbackUrl: window.location.href });
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
