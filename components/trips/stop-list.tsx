'use client';

import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useEffect, useId, useRef, useState } from 'react';
import type { Leg } from '@/lib/trips/legs/types';
import type { TripStop } from '@/lib/trips/model';
import { followRemoval, startRemoval, type Removal } from '@/lib/trips/removal-undo';
import { RemovedNotice } from './removed-notice';
import { StopCard, type StopPlan } from './stop-card';

interface Props {
  stops: TripStop[];
  legs: Leg[];
  editable: boolean;
  onReorder: (from: number, to: number) => void;
  onPlan: (stopId: string, plan: StopPlan) => void;
  onRemove: (stopId: string) => void;
  /** Puts a removed stop back at its place ("Undo"); without it, removing offers no undo. */
  onRestore?: (stop: TripStop, index: number) => void;
}

const nameOf = (stops: TripStop[], id: unknown) => stops.find((s) => s.id === id)?.name ?? 'the stop';
const positionOf = (stops: TripStop[], id: unknown) => stops.findIndex((s) => s.id === id) + 1;

/** The ordered stops: drag a stop's handle, or focus it and use Space, the arrow keys and Space again. */
export function StopList({ stops, legs, editable, onReorder, onPlan, onRemove, onRestore }: Props) {
  // One id for server and browser: dnd-kit's own counter differs between them, and the handles' description went
  // missing (aria-describedby="DndDescribedBy-20" against a "DndDescribedBy-0" on the page).
  const dndId = useId();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

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
  const notice = removal?.applied ? <RemovedNotice name={removal.stop.name} onUndo={undo} onDismiss={dismiss} /> : null;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(stops.findIndex((s) => s.id === active.id), stops.findIndex((s) => s.id === over.id));
  };

  if (!stops.length) {
    return (
      <div className="flex flex-col gap-2">
        {notice}
        <p ref={emptyRef} tabIndex={-1} className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600 outline-none" data-testid="trip-empty">
          No stops yet. {editable ? 'Add a place from the map’s place drawer, click or tap the map, or type a point below.' : ''}
        </p>
      </div>
    );
  }

  return (
    <DndContext
      id={dndId}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: 'To move a stop, press Space, then the up and down arrows, then Space again to drop it, or Escape to cancel.' },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(stops, active.id)}, stop ${positionOf(stops, active.id)} of ${stops.length}.`,
          onDragOver: ({ active, over }) => (over ? `${nameOf(stops, active.id)} is now at position ${positionOf(stops, over.id)}.` : undefined),
          onDragEnd: ({ active, over }) => (over ? `${nameOf(stops, active.id)} dropped at position ${positionOf(stops, over.id)}.` : `${nameOf(stops, active.id)} dropped.`),
          onDragCancel: ({ active }) => `Moving ${nameOf(stops, active.id)} was cancelled.`,
        },
      }}
    >
      {notice}
      <SortableContext items={stops.map((s) => s.id)} strategy={verticalListSortingStrategy}>
        <ol ref={listRef} tabIndex={-1} aria-label="Stops in order" className="flex flex-col outline-none" data-testid="trip-stops">
          {stops.map((stop, i) => (
            <StopCard
              key={stop.id}
              stop={stop}
              previous={stops[i - 1] ?? null}
              index={i}
              leg={legs[i] ?? null}
              editable={editable}
              onPlan={(plan) => onPlan(stop.id, plan)}
              onRemove={() => remove(stop.id, i)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

export { arrayMove };
