import { LocalTime } from '@/components/ui/local-time';

/** The Explorer's offline state: what the list and map show, and that a new search waits for the connection. */
export function ExplorerOfflineNotice({ online, shownAt }: { online: boolean; shownAt: string | null }) {
  if (online) return null;
  return (
    <p role="status" className="mx-3 mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="explorer-offline">
      <span className="font-semibold">You are offline.</span>{' '}
      {shownAt ? (
        <>
          These are the places last loaded (<LocalTime iso={shownAt} />
          ).
        </>
      ) : (
        'These are the places last loaded.'
      )}{' '}
      A new search needs a connection.
    </p>
  );
}
