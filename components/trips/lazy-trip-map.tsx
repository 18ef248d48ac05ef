'use client';

import dynamic from 'next/dynamic';

/** maplibre needs `window`: the trip map loads in the browser only, with a calm placeholder meanwhile. */
export const LazyTripMap = dynamic(() => import('./trip-map'), {
  ssr: false,
  loading: () => <div className="absolute inset-0 animate-pulse bg-[#c9dfe9]" aria-hidden="true" />,
});
