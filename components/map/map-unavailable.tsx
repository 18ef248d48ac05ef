/**
 * In place of a map the browser cannot draw (no WebGL): what still works, so the page does not look broken.
 * `id`: the target of a skip link to the map. `className`: the Explorer's hides it until its check finds no WebGL. `besidePanel`: the note keeps clear of the Explorer's side panel, which lies over the map on wide screens.
 */
export function MapUnavailable({ children, besidePanel = false, id, className = '' }: { children: React.ReactNode; besidePanel?: boolean; id?: string; className?: string }) {
  return (
    <div id={id} tabIndex={id ? -1 : undefined} className={`absolute inset-0 bg-[#c9dfe9] outline-none ${className}`} data-testid="map-unavailable">
      <div className={`absolute inset-x-0 top-24 flex justify-center px-4 ${besidePanel ? 'md:left-[400px]' : ''}`}>
        <p role="note" className="max-w-sm rounded-lg bg-white/95 px-4 py-3 text-sm text-ink shadow-md ring-1 ring-black/5">
          <strong className="block font-semibold">The map cannot be shown in this browser</strong>
          <span className="mt-1 block">It needs WebGL, which is turned off or unavailable here. {children}</span>
        </p>
      </div>
    </div>
  );
}
