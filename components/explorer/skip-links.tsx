'use client';

// Off screen until focused, then over the header's corner.
const link =
  'fixed top-2 left-2 z-50 -translate-y-24 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 underline shadow-lg ring-1 ring-black/10 focus:translate-y-0';

/** Lets a keyboard user jump over the header and the panels: to the first result, or to the map. */
export function SkipLinks() {
  const jump = (event: React.MouseEvent, selector: string) => {
    const target = document.querySelector<HTMLElement>(selector);
    if (!target) return;
    event.preventDefault();
    target.focus({ preventScroll: true });
    target.scrollIntoView({ block: 'nearest' });
  };
  return (
    <div>
      <a href="#results-start" className={link} onClick={(e) => jump(e, '#results-start')}>
        Skip to results
      </a>
      <a href="#map" className={link} onClick={(e) => jump(e, '[data-testid="map"] .maplibregl-canvas')}>
        Skip to the map
      </a>
    </div>
  );
}
