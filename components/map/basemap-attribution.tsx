/**
 * The offline basemap's sources, credited under the map in the server's HTML (a server component: no JavaScript).
 * It used to arrive with the map, last, and a phone's largest paint waited for it; now it paints with the list.
 * A style from MAP_STYLE_URL carries its own attribution, which the map shows instead (explorer-map.tsx).
 * Keep in step with the sources of lib/explorer/basemap-style.ts.
 */
export function BasemapAttribution() {
  return (
    <p className="shrink-0 bg-white px-2 py-0.5 text-right text-[11px] leading-4 text-slate-600" data-testid="map-attribution">
      Boundaries:{' '}
      <a className="underline" href="https://www.naturalearthdata.com/">
        Natural Earth
      </a>
      , US Census Bureau · Cities:{' '}
      <a className="underline" href="https://www.geonames.org/">
        GeoNames
      </a>{' '}
      (CC BY 4.0)
    </p>
  );
}
