'use client';

import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { ignoredLinkParams } from '@/lib/explorer/link-notes';

/** What the link the page was opened with asked for and could not get, until the person dismisses it. */
export function useLinkNotes() {
  const params = useSearchParams();
  const [notes, setNotes] = useState(() => ignoredLinkParams(new URLSearchParams(params.toString())));
  return { notes, dismiss: () => setNotes([]) };
}
