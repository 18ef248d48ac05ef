'use client';

import dynamic from 'next/dynamic';
import type { ComponentProps } from 'react';
import { MapUnavailable } from '@/components/map/map-unavailable';
import { useWebGL } from '@/components/map/use-webgl';

const Placeholder = () => <div className="absolute inset-0 animate-pulse bg-[#c9dfe9]" aria-hidden="true" />;

/** maplibre needs `window`: the trip map loads in the browser only, with a calm placeholder meanwhile. */
const TripMap = dynamic(() => import('./trip-map'), { ssr: false, loading: Placeholder });

/** The trip map, or a note where the browser has no WebGL (maplibre is then never downloaded). */
export function LazyTripMap(props: ComponentProps<typeof TripMap>) {
  const webgl = useWebGL();
  if (webgl === false) return <MapUnavailable>The stops, the legs and sharing still work; type a point’s coordinates to add it.</MapUnavailable>;
  return webgl ? <TripMap {...props} /> : <Placeholder />;
}
