/**
 * The key to the map's two kinds of marks, shown when both are on it: the page's results (orange, as drawn by
 * explorer-map.tsx) and the search's other matches (teal dots and count bubbles, cluster-layers.tsx).
 */
export function MapLegend() {
  const dot = 'inline-block h-3 w-3 shrink-0 rounded-full ring-2 ring-white';
  return (
    <p
      className="mt-1.5 flex w-fit flex-wrap items-center gap-x-3 gap-y-0.5 rounded-lg bg-white/95 px-2.5 py-1 text-xs text-ink shadow-md ring-1 ring-black/5"
      data-testid="map-legend"
    >
      <span className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`${dot} bg-[#e8603c]`} />
        Results on this page
      </span>
      <span className="flex items-center gap-1.5">
        <span aria-hidden="true" className={`${dot} bg-brand-600`} />
        Other matches
      </span>
    </p>
  );
}
