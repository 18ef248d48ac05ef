import type { StopConflict } from '@/lib/trips/conflicting-stops';
import { SYNC_CONFLICT_ID } from '@/components/offline/sync-alert';

/**
 * On a stop the two versions disagree on: what is not saved yet, and a way to the choice at the top of the plan (the
 * traveler may be scrolled here, at the stop they edited).
 */
export function StopConflictMark({ conflict }: { conflict: StopConflict }) {
  return (
    <p className="mt-2 rounded-md bg-amber-50 px-2 py-1.5 text-sm text-amber-950 ring-1 ring-amber-300" data-testid="stop-conflict">
      {conflict === 'removed' ? 'This stop was removed on the server, and your edits are not saved yet: ' : 'This stop is not the same on the server, and your edits are not saved yet: '}
      <a href={`#${SYNC_CONFLICT_ID}`} className="font-medium underline">
        choose a version
      </a>
    </p>
  );
}
