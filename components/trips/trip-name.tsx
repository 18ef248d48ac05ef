'use client';

import { useState } from 'react';
import { useReturnFocus } from '@/components/ui/use-return-focus';
import { MAX_TRIP_NAME } from '@/lib/trips/limits';
import { useUnsavedWarning } from '@/components/ui/use-unsaved-warning';

/** The trip's name as the page heading; editors rename it in place. */
export function TripName({ name, editable, onRename }: { name: string; editable: boolean; onRename: (name: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  useUnsavedWarning(editing && draft.trim() !== name);
  const renameButton = useReturnFocus<HTMLButtonElement>(editing);
  if (!editing) {
    return (
      <div className="flex items-start gap-2">
        <h1 className="min-w-0 flex-1 text-xl font-semibold tracking-tight break-words text-ink" data-testid="trip-name">
          {name}
        </h1>
        {editable ? (
          <button
            ref={renameButton}
            type="button"
            onClick={() => {
              setDraft(name);
              setEditing(true);
            }}
            className="shrink-0 rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            Rename
          </button>
        ) : null}
      </div>
    );
  }
  const trimmed = draft.trim();
  return (
    <>
      {/* The page keeps its heading while the name is edited. */}
      <h1 className="sr-only">{name}</h1>
      <form
        className="flex items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!trimmed) return;
          if (trimmed !== name) onRename(trimmed);
          setEditing(false);
        }}
      >
        <label className="sr-only" htmlFor="trip-name-input">
          Trip name
        </label>
        <input
          id="trip-name-input"
          autoFocus
          value={draft}
          maxLength={MAX_TRIP_NAME}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-2 py-1.5 text-lg font-semibold text-ink"
        />
        <button type="submit" disabled={!trimmed} className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50">
          Save
        </button>
        <button type="button" onClick={() => setEditing(false)} className="rounded-md px-2 py-1.5 text-sm text-slate-600 hover:bg-slate-100">
          Cancel
        </button>
      </form>
    </>
  );
}
