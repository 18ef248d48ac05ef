'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';
import type { ExplorerMapProps } from './explorer-map';
import { canUseWebGL2 } from '@/lib/explorer/webgl';
import { MapLoading } from './map-loading';
import { MapUnavailable } from './map-unavailable';

function Placeholder({ className = '' }: { className?: string }) {
  return (
    <div className={`absolute inset-0 bg-[#c9dfe9] ${className}`}>
      <MapLoading message="Loading the map…" />
    </div>
  );
}

/** maplibre needs `window`: the map loads in the browser only, with a calm placeholder meanwhile. */
const ExplorerMap = dynamic(() => import('./explorer-map'), { ssr: false, loading: () => <Placeholder /> });

/**
 * The map starts once the page is interactive: after hydration and a first paint, when the main thread is idle (or
 * after a second at most), so loading and starting maplibre never hold back the list, the filters or their first input.
 * A browser without WebGL gets a note instead, and never downloads maplibre. The note is in the first HTML, hidden:
 * the page's inline check shows it before hydration (see webglProbeScript), and hydration keeps the same element.
 */
export function LazyMap(props: ExplorerMapProps) {
  const [start, setStart] = useState<'wait' | 'map' | 'no-webgl'>('wait');
  useEffect(() => {
    let idle: number | undefined;
    const begin = () => setStart(canUseWebGL2() ? 'map' : 'no-webgl');
    // A frame after hydration: the server's list has painted and takes input by then.
    const frame = requestAnimationFrame(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(begin, { timeout: 1000 });
      else idle = window.setTimeout(begin, 50);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) {
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        else window.clearTimeout(idle);
      }
    };
  }, []);
  if (start === 'map') return <ExplorerMap {...props} />;
  return (
    <>
      {start === 'wait' && <Placeholder className="no-webgl:hidden" />}
      <MapUnavailable id="map" besidePanel className={start === 'wait' ? 'hidden no-webgl:block' : undefined}>
        The list, the filters and the details of each place still work; drawing an area needs the map.
      </MapUnavailable>
    </>
  );
}
