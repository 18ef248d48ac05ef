'use client';

import { useFormStatus } from 'react-dom';
import { signOutEverywhere } from '@/lib/auth/sign-out-action';
import { deviceStorageAvailable } from '@/lib/offline/device-db';
import { clearDevice } from '@/lib/offline/device-owner';
import { editCount } from '@/lib/offline/format';
import { queuedEditCount } from '@/lib/offline/outbox';

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

/** Whether to go on: edits made offline and not yet sent are lost with the device's data, so the person is asked. */
async function confirmLosingEdits(): Promise<boolean> {
  const queued = await queuedEditCount().catch(() => 0);
  return queued === 0 || window.confirm(`${editCount(queued)} made offline have not been sent yet. Signing out removes them from this device, with the trips kept offline. Sign out anyway?`);
}

/**
 * Ends the Explorer's session, then goes through the identity server, which ends its own and comes back. What this
 * person kept on the device (trips, queued edits, cached pages) is removed first.
 */
export function SignOutForm() {
  return (
    <form
      action={async () => {
        if (deviceStorageAvailable()) {
          if (!(await confirmLosingEdits())) return;
          await clearDevice().catch(() => {});
        }
        // replace: Back must not return to a page of the session that was just ended.
        window.location.replace(await signOutEverywhere());
      }}
    >
      <SignOutButton />
    </form>
  );
}
