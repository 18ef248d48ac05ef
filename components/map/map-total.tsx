/**
 * How many matches the map shows: the search's total when the whole area is in view (the list's number), else how
 * many of them are in view; under it, the key to the marks when there are two kinds. Placed clear of the map's
 * controls: under the tools on a phone, above the zoom buttons (with room to spare) on a laptop. Not shown when the map
 * is a strip too short to hold it under the tools (a phone's expanded results sheet, whose heading gives the total):
 * it would cover the attribution line (app/globals.css).
 */
export function MapTotal({ inView, total, children }: { inView: number | null; total: number | null; children?: React.ReactNode }) {
  if (inView === null || total === null) return null;
  const places = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'place' : 'places'}`;
  const text = inView === total ? `${places(total)} on the map` : `${inView.toLocaleString('en-US')} of ${places(total)} in view`;
  return (
    <div className="map-total pointer-events-none absolute top-[76px] left-3 z-10 flex flex-col items-start md:top-auto md:right-3 md:bottom-32 md:left-auto md:items-end">
      <span aria-live="polite" className="rounded-full bg-white/95 px-3 py-1 text-sm font-medium text-ink shadow-md ring-1 ring-black/5" data-testid="map-total" data-in-view={inView}>
        {text}
      </span>
      {children}
    </div>
  );
}
