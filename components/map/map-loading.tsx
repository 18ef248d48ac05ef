/**
 * A visible "the map is on its way" while the map or its markers load (the list often shows first), instead of an
 * empty map that looks like "nothing here". Placed over the part of the map no panel covers.
 */
export function MapLoading({ message }: { message: string | null }) {
  return (
    <div role="status" className="pointer-events-none absolute inset-x-0 bottom-12 z-10 flex justify-center md:left-[400px]">
      {message && (
        <span className="flex items-center gap-2 rounded-full bg-white/95 px-3 py-1.5 text-sm font-medium text-ink shadow-md ring-1 ring-black/5" data-testid="map-loading">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 animate-spin text-brand-600 motion-reduce:animate-none" fill="none" stroke="currentColor" strokeWidth="2.5">
            <path d="M10 2.5a7.5 7.5 0 1 1-7.5 7.5" strokeLinecap="round" />
          </svg>
          {message}
        </span>
      )}
    </div>
  );
}

/** The note while the map starts, then while it places the page's results (`drawn` of `count` were placed when it last went idle). */
export function mapLoadingMessage(ready: boolean, drawn: number, count: number): string | null {
  if (!ready) return 'Loading the map…';
  return drawn !== count ? `Placing ${count.toLocaleString('en-US')} ${count === 1 ? 'place' : 'places'} on the map…` : null;
}
