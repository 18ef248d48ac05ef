'use client';

/**
 * The panel of search and results: a sheet over the lower part of the map on a phone, which its handle makes taller
 * or shorter, and a card on the map's left on wider screens.
 */
export function SearchSheet({ open, onToggle, children }: { open: boolean; onToggle: () => void; children: React.ReactNode }) {
  return (
    <aside
      aria-label="Search and results"
      className={`absolute inset-x-0 bottom-0 z-20 flex flex-col rounded-t-2xl bg-white shadow-[0_-4px_24px_rgba(0,0,0,0.15)] transition-[height] md:inset-x-auto md:top-3 md:bottom-3 md:left-3 md:h-auto md:w-[380px] md:rounded-2xl md:shadow-xl ${
        open ? 'h-[85%]' : 'h-[46%]'
      }`}
    >
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        className="flex w-full shrink-0 flex-col items-center gap-1 rounded-t-2xl pt-2 pb-1 text-xs text-slate-600 focus-visible:outline-offset-[-4px] md:hidden"
      >
        <span className="h-1.5 w-10 rounded-full bg-slate-300" aria-hidden="true" />
        {open ? 'Show more map' : 'Show more results'}
      </button>
      {/* Top scroll padding: a control the keyboard scrolls to stays clear of the sticky results heading. */}
      <div className="min-h-0 flex-1 scroll-pt-14 overflow-y-auto overscroll-contain" data-scroll-container>
        {children}
      </div>
    </aside>
  );
}
