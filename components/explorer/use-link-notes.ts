'use client';

import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { ignoredLinkParams, signInEnded } from '@/lib/explorer/link-notes';

/** What the link the page was opened with asked for and could not get (or a sign-in that came back without a session), until the person dismisses it. */
export function useLinkNotes() {
  const search = useSearchParams();
  const [opening] = useState(() => new URLSearchParams(search.toString()));
  const [notes, setNotes] = useState(() => ignoredLinkParams(opening));
  const [signInDidNotComplete, setSignInDidNotComplete] = useState(() => signInEnded(opening));
  return { notes, dismiss: () => setNotes([]), signInDidNotComplete, dismissSignIn: () => setSignInDidNotComplete(false) };
}
