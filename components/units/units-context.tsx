'use client';

import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { Units } from '@/lib/explorer/geo';
import { unitsCookie } from '@/lib/explorer/units-preference';

interface UnitsChoice {
  units: Units;
  /** Shows these units here and remembers them for every page (a cookie, so the server renders in them too). */
  setUnits: (units: Units) => void;
}

const UnitsContext = createContext<UnitsChoice>({ units: 'km', setUnits: () => {} });

/** The page's distance units, starting from those the server chose for this request (lib/explorer/units-request.ts). */
export function UnitsProvider({ initial, children }: { initial: Units; children: React.ReactNode }) {
  const [units, show] = useState(initial);
  const setUnits = useCallback((next: Units) => {
    document.cookie = unitsCookie(next);
    show(next);
  }, []);
  const value = useMemo(() => ({ units, setUnits }), [units, setUnits]);
  return <UnitsContext.Provider value={value}>{children}</UnitsContext.Provider>;
}

/** The traveler's units (km or mi) and the way to change them. */
export function useUnits(): UnitsChoice {
  return useContext(UnitsContext);
}
