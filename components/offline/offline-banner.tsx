'use client';

import { LocalTime } from '@/components/ui/local-time';
import { editCount } from '@/lib/offline/format';
import type { KeptTrip } from '@/lib/offline/device-db';

/** Says the page has no connection, what it shows instead, and what waits to be sent. */
export function OfflineBanner({ online, kept, pending, sending }: { online: boolean; kept: KeptTrip | null; pending: number; sending: boolean }) {
  if (online && pending === 0) return null;
  return (
    <div role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="offline-banner">
      {!online ? (
        <p>
          <span className="font-semibold">You are offline.</span>{' '}
          {kept ? (
            <>
              This is the copy kept on this device (<LocalTime iso={kept.keptAt} />
              ). Edits are kept here and sent when you are back online.
            </>
          ) : (
            'Changes cannot be saved until the connection returns.'
          )}
        </p>
      ) : null}
      {pending > 0 ? (
        <p data-testid="pending-edits">
          {sending ? `Sending ${editCount(pending)} made offline…` : `${editCount(pending)} made offline waiting to be sent.`}
        </p>
      ) : null}
    </div>
  );
}
