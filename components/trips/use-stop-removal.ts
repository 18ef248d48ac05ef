import { useEffect, useRef, useState } from 'react';
import type { TripStop } from '@/lib/trips/model';
import { followRemoval, startRemoval, type Removal } from '@/lib/trips/removal-undo';

/**
 * Removing a stop from the list, with "Undo" offered (when `onRestore` is given) and the focus kept in the list:
 * `listRef` goes on the list, `emptyRef` on the note shown when no stop is left.
 */
export function useStopRemoval(stops: TripStop[], onRemove: (stopId: string) => void, onRestore?: (stop: TripStop, index: number) => void) {
  // Removing a stop removes the focused button: the focus goes on to the next stop's Remove (or the last's, or the
  // empty list), not back to the top of the page.
  const removedAt = useRef<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (removedAt.current === null) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]');
    const next = buttons?.length ? buttons[Math.min(removedAt.current, buttons.length - 1)] : emptyRef.current;
    next?.focus();
    removedAt.current = null;
  }, [stops]);

  // The stop last removed, offered back ("Removed X. Undo") until dismissed or the next change.
  const [removal, setRemoval] = useState<Removal | null>(null);
  const followed = removal && followRemoval(removal, stops);
  if (followed !== removal) setRemoval(followed);
  const restoredId = useRef<string | null>(null);
  useEffect(() => {
    if (restoredId.current === null) return;
    const restored = listRef.current?.querySelector<HTMLButtonElement>(`[data-stop-id="${CSS.escape(restoredId.current)}"] button[data-remove]`);
    if (!restored) return;
    restored.focus();
    restoredId.current = null;
  }, [stops]);

  const remove = (stopId: string, index: number) => {
    removedAt.current = index;
    if (onRestore) setRemoval(startRemoval(stops, stopId));
    onRemove(stopId);
  };
  const undo = () => {
    if (!removal || !onRestore) return;
    restoredId.current = removal.stop.id;
    setRemoval(null);
    onRestore(removal.stop, removal.index);
  };
  const dismiss = () => {
    setRemoval(null);
    // The focus was on Dismiss: it stays in the stops rather than falling to the page's top.
    (listRef.current ?? emptyRef.current)?.focus();
  };
  return { listRef, emptyRef, removal, remove, undo, dismiss };
}
