'use client';

import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useId, useState } from 'react';
import type { Leg } from '@/lib/trips/legs/types';
import type { StopConflict } from '@/lib/trips/conflicting-stops';
import type { TripStop } from '@/lib/trips/model';
import type { StopPlan } from './plan-fields';
import { RemovedNotice } from './removed-notice';
import { StopCard } from './stop-card';
import { stopDragAccessibility } from './stop-drag-words';
import { stopKeyboardSteps } from './stop-keyboard-steps';
import { useStopRemoval } from './use-stop-removal';

interface Props {
  stops: TripStop[];
  legs: Leg[];
  editable: boolean;
  onReorder: (from: number, to: number) => void;
  onPlan: (stopId: string, plan: StopPlan) => void;
  onRemove: (stopId: string) => void;
  /** Puts a removed stop back at its place ("Undo"); without it, removing offers no undo. */
  onRestore?: (stop: TripStop, index: number) => void;
  /** Opens the details of a stop that is a place. */
  onOpen?: (placeId: number) => void;
  /** While edits made offline meet a trip changed meanwhile: the stops the two versions disagree on. */
  conflicts?: ReadonlyMap<string, StopConflict>;
}

/** The ordered stops: drag a stop's handle, or focus it and use Space, the arrow keys and Space again. */
export function StopList({ stops, legs, editable, onReorder, onPlan, onRemove, onRestore, onOpen, conflicts }: Props) {
  // One id for server and browser: dnd-kit's own counter differs between them, and the handles' description went
  // missing (aria-describedby="DndDescribedBy-20" against a "DndDescribedBy-0" on the page).
  const dndId = useId();
  const [keyboardSteps] = useState(stopKeyboardSteps);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardSteps.getter }),
  );
  const { listRef, emptyRef, removal, remove, undo, dismiss } = useStopRemoval(stops, onRemove, onRestore);
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
      onDragStart={keyboardSteps.reset}
      onDragEnd={onDragEnd}
      accessibility={stopDragAccessibility(stops)}
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
              onOpen={onOpen}
              conflict={conflicts?.get(stop.id)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

export { arrayMove };
