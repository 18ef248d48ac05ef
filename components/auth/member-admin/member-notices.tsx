'use client';

import { createContext, useContext, useEffect, useRef, useState } from 'react';

const Announce = createContext<(text: string) => void>(() => undefined);

/** What a member's row says once the row itself is gone (a removal), for the list that holds the rows. */
export const useMemberNotice = () => useContext(Announce);

/**
 * The outcome of an action whose row leaves the list ("Removed Nell Newman from Summit RV Dealers Group."), said above
 * the list and given the focus, which the removed row's buttons took with them.
 */
export function MemberNotices({ children }: { children: React.ReactNode }) {
  const [notice, setNotice] = useState('');
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (notice) said.current?.focus();
  }, [notice]);
  return (
    <Announce.Provider value={setNotice}>
      <p ref={said} tabIndex={-1} role="status" className={notice ? 'mx-4 my-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600' : 'sr-only'}>
        {notice}
      </p>
      {children}
    </Announce.Provider>
  );
}
