'use client';

import type { DrawMode } from './use-area-drawing';

interface Props {
  mode: DrawMode;
  onModeChange: (mode: DrawMode) => void;
  hasArea: boolean;
  onClear: () => void;
  onSearchThisArea: () => void;
}

const HINTS = {
  circle: 'Press on the center, drag to set the radius, release.',
  rectangle: 'Press on a corner, drag to the opposite corner, release.',
  select: 'Drag the area to move it, its edge dots to resize it. Arrow keys move it; Esc or Move again when done.',
} as const;

// Inset ring: the grouped tools sit in a rounded box that clips anything drawn outside them.
const tool = 'flex items-center gap-1.5 px-2.5 py-2 text-sm font-medium focus-visible:outline-offset-[-4px] sm:px-3';

/**
 * Drawing, moving and "Search this area" need the map: without WebGL (the root element's `data-webgl2="no"`, see
 * lib/explorer/webgl.ts) they are hidden, and Clear alone stays (saying what it clears), for an area set in the side
 * panel.
 */
export function DrawToolbar({ mode, onModeChange, hasArea, onClear, onSearchThisArea }: Props) {
  const modeButton = (value: DrawMode, label: string, icon: React.ReactNode, hint: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      title={hint}
      onClick={() => onModeChange(mode === value ? 'pan' : value)}
      className={`${tool} no-webgl:hidden ${mode === value ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
    >
      {icon}
      {label}
    </button>
  );
  return (
    <div role="toolbar" aria-label="Search area tools" data-area-tools className="absolute top-3 right-3 left-3 z-10 flex flex-wrap items-start gap-2 md:right-auto md:left-[404px]">
      <div className="flex overflow-hidden rounded-lg bg-white shadow-md ring-1 ring-black/5">
        {modeButton(
          'circle',
          'Circle',
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2"><circle cx="10" cy="10" r="7" /></svg>,
          'Draw a circle: press on its center and drag out the radius',
        )}
        {modeButton(
          'rectangle',
          'Box',
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2"><rect x="3" y="5" width="14" height="10" rx="1" /></svg>,
          'Draw a box: press on one corner and drag to the opposite one',
        )}
        {modeButton(
          'select',
          'Move',
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2"><path d="M10 2v16M2 10h16M10 2l-2.5 2.5M10 2l2.5 2.5M10 18l-2.5-2.5M10 18l2.5-2.5M2 10l2.5-2.5M2 10l2.5 2.5M18 10l-2.5-2.5M18 10l-2.5 2.5" /></svg>,
          'Move or resize the search area: drag it or its handles; arrow keys move it, Escape when done',
        )}
        <button type="button" onClick={onClear} disabled={!hasArea} className={`${tool} border-l border-slate-200 no-webgl:border-l-0 text-slate-700 hover:bg-slate-100 disabled:text-slate-400 disabled:hover:bg-transparent`}>
          <span>
            Clear<span className="hidden no-webgl:inline"> the search area</span>
          </span>
        </button>
      </div>
      <button
        type="button"
        onClick={onSearchThisArea}
        aria-label="Search this area"
        title="Search the part of the map you see"
        className={`${tool} no-webgl:hidden rounded-lg bg-white text-brand-700 shadow-md ring-1 ring-black/5 hover:bg-brand-50`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2"><circle cx="9" cy="9" r="5.5" /><path d="m13 13 4 4" /></svg>
        <span className="hidden sm:inline">Search this area</span>
      </button>
      {mode !== 'pan' && (
        <p role="status" className="w-full rounded-lg bg-ink/85 px-3 py-1.5 text-xs text-white md:w-auto">
          {HINTS[mode]}
        </p>
      )}
    </div>
  );
}
