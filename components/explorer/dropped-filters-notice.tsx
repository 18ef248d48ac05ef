'use client';

import { Notice } from '@/components/ui/notice';
import type { DroppedNotice } from './use-usable-filters';

/** Says which filters were removed because the account in use cannot filter by them. */
export function DroppedFiltersNotice({ notice }: { notice: DroppedNotice }) {
  const one = notice.names.length === 1;
  return (
    <Notice testId="dropped-filters" title={one ? 'A filter was removed' : `${notice.names.length} filters were removed`} onDismiss={notice.dismiss}>
      <p className="mt-0.5">
        The account you are exploring with cannot filter by {notice.names.join(', ')}. The results below are without {one ? 'it' : 'them'}.
      </p>
    </Notice>
  );
}
