'use client';

import { useFormStatus } from 'react-dom';
import { signOutEverywhere } from '@/lib/auth/sign-out-action';

function SignOutButton() {
  const { pending } = useFormStatus();
  return (
    <button
      type="submit"
      disabled={pending}
      className="mt-1 w-full rounded px-2 py-1.5 text-left text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:text-slate-600"
    >
      {pending ? 'Signing out…' : 'Sign out'}
    </button>
  );
}

/** Ends the Explorer's session, then goes through the identity server, which ends its own and comes back. */
export function SignOutForm() {
  return (
    <form
      action={async () => {
        // replace: Back must not return to a page of the session that was just ended.
        window.location.replace(await signOutEverywhere());
      }}
    >
      <SignOutButton />
    </form>
  );
}
