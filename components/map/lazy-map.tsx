'use client';

import dynamic from 'next/dynamic';
import { MapLoading } from './map-loading';

/** maplibre needs `window`: the map loads in the browser only, with a calm placeholder meanwhile. */
export const LazyMap = dynamic(() => import('./explorer-map'), {
  ssr: false,
  loading: () => (
    <div className="absolute inset-0 bg-[#c9dfe9]">
      <MapLoading message="Loading the map…" />
    </div>
  ),
});
