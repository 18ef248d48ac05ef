'use client';

import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { ignoredLinkParams, signInEnded } from '@/lib/explorer/link-notes';

/** What the link the page was opened with asked for and could not get (or a sign-in that came back without a session), until the person dismisses it. */
export function useLinkNotes() {
  const params = useSearchParams();
  const [notes, setNotes] = useState(() => ignoredLinkParams(new URLSearchParams(params.toString())));
  const [signInDidNotComplete, setSignInDidNotComplete] = useState(() => signInEnded(new URLSearchParams(params.toString())));
  return { notes, dismiss: () => setNotes([]), signInDidNotComplete, dismissSignIn: () => setSignInDidNotComplete(false) };
}
