import type { MapCredit } from '@/lib/map/published';

const link = 'underline';

/** What is drawn over the offline basemap: the imported map's tiles, or the road network's lines. */
function DrawnCredit({ credit }: { credit: MapCredit | null }) {
  if (credit?.openMapTiles) {
    return (
      <>
        <a className={link} href="https://openmaptiles.org/">© OpenMapTiles</a>{' '}
        <a className={link} href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a> ·{' '}
      </>
    );
  }
  if (credit?.roads === 'generated') return <>Roads: generated for the demo, not real roads · </>;
  if (credit?.roads === 'openstreetmap') {
    return (
      <>
        Roads: <a className={link} href="https://www.openstreetmap.org/copyright">© OpenStreetMap contributors</a> ·{' '}
      </>
    );
  }
  if (credit?.roads) return <>Roads: {credit.roads.source} · </>;
  return null;
}

/**
 * The map's sources, credited in the server's HTML (a server component: no JavaScript needed). On a
 * laptop, a line under the map. On a phone, whose map is short, a collapsed "i" over the map's corner, as maplibre's
 * compact attribution: a native disclosure (details), which opens by touch, Enter or Space without JavaScript, and
 * which screen readers announce as "Map credits", collapsed or expanded. The zoom buttons sit above it (globals.css).
 * It used to arrive with the map, last, and a phone's largest paint waited for it; now it paints with the list.
 * A style from MAP_STYLE_URL carries its own attribution, which the map shows instead (explorer-map.tsx). Ours (the
 * offline basemap, with the imported map or the road network over it) are credited here, what is drawn over the
 * basemap first. Keep in step with the sources of lib/explorer/basemap-style.ts and lib/map/.
 */
export function BasemapAttribution({ drawn = null }: { drawn?: MapCredit | null }) {
  const credit = (
    <>
      <DrawnCredit credit={drawn} />
      Boundaries:{' '}
      <a className="underline" href="https://www.naturalearthdata.com/">
        Natural Earth
      </a>
      , US Census Bureau · Cities:{' '}
      <a className="underline" href="https://www.geonames.org/">
        GeoNames
      </a>{' '}
      (CC BY 4.0)
    </>
  );
  return (
    <>
      <p className="hidden shrink-0 bg-white px-2 py-0.5 text-right text-[11px] leading-4 text-slate-600 md:block" data-testid="map-attribution">
        {credit}
      </p>
      <details className="map-credit absolute right-2.5 bottom-2.5 z-10 h-6 w-6 md:hidden" data-testid="map-attribution-compact">
        <summary
          title="Map credits"
          className="flex h-6 w-6 cursor-pointer list-none items-center justify-center rounded-full bg-white text-ink shadow-md ring-1 ring-black/10 [&::-webkit-details-marker]:hidden"
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
            <path fillRule="evenodd" d="M4 10a6 6 0 1 0 12 0 6 6 0 1 0-12 0m5-3a1 1 0 1 0 2 0 1 1 0 1 0-2 0m0 3a1 1 0 1 1 2 0v3a1 1 0 1 1-2 0" />
          </svg>
          <span className="sr-only">Map credits</span>
        </summary>
        <p className="absolute right-8 bottom-0 w-max max-w-[calc(100vw-4.5rem)] rounded-xl bg-white px-2.5 py-1 text-[11px] leading-4 text-slate-700 shadow-md ring-1 ring-black/10">
          {credit}
        </p>
      </details>
    </>
  );
}
