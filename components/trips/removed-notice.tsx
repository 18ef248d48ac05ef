'use client';

/** "Removed Moab. Undo": a removed stop offered back, until dismissed or the next change (stop-list.tsx). */
export function RemovedNotice({ name, onUndo, onDismiss }: { name: string; onUndo: () => void; onDismiss: () => void }) {
  return (
    <div role="status" data-testid="stop-removed" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-slate-800 px-3 py-2 text-sm text-white">
      <p className="min-w-0 flex-1">
        Removed <span className="font-medium">{name}</span>.
      </p>
      <button type="button" onClick={onUndo} className="rounded-md px-2 py-1 font-semibold text-white underline hover:bg-slate-700 focus-visible:outline-white">
        Undo<span className="sr-only"> removing {name}</span>
      </button>
      <button type="button" onClick={onDismiss} className="rounded-md px-2 py-1 text-slate-200 hover:bg-slate-700 focus-visible:outline-white">
        Dismiss
      </button>
    </div>
  );
}
