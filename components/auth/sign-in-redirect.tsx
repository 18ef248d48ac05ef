'use client';

import { signIn } from 'next-auth/react';
import { useEffect } from 'react';

/** Sends a signed-out visitor straight to the identity server's login page, then back to `callbackUrl`. */
export function SignInRedirect({ callbackUrl, message, title = 'Sign in required' }: { callbackUrl: string; message: string; title?: string }) {
  useEffect(() => {
    void signIn('identity', { callbackUrl });
  }, [callbackUrl]);
  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
      <h1 className="text-xl font-semibold text-ink">{title}</h1>
      <p className="mt-2 text-slate-600" role="status">
        {message}
      </p>
      <button
        type="button"
        onClick={() => void signIn('identity', { callbackUrl })}
        className="mt-4 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        Continue to sign in
      </button>
    </div>
  );
}
