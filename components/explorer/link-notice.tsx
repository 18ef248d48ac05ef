'use client';

import { Notice } from '@/components/ui/notice';

/** Names the parts of the opening link that were ignored or changed, and what the page did instead. */
export function LinkNotice({ notes, onDismiss }: { notes: string[]; onDismiss: () => void }) {
  return (
    <Notice testId="link-notice" title="Part of the link could not be used" onDismiss={onDismiss}>
      <ul className="mt-0.5 list-disc space-y-0.5 pl-4">
        {notes.map((note) => (
          <li key={note}>{note}</li>
        ))}
      </ul>
    </Notice>
  );
}
