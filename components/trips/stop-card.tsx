'use client';

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useId, useState } from 'react';
import type { Leg } from '@/lib/trips/legs/types';
import type { StopConflict } from '@/lib/trips/conflicting-stops';
import type { TripStop } from '@/lib/trips/model';
import { LegLine } from './leg-line';
import { placeOpener } from './place-opener';
import { PlanFields, type StopPlan } from './plan-fields';
import { StopConflictMark } from './stop-conflict-mark';
import { StopControls } from './stop-controls';
import { StopDragHandle } from './stop-drag-handle';
import { StopSummary } from './stop-summary';
import { useStopLocality } from './use-stop-locality';
import { useStopWarning } from './use-stop-warning';

interface Props {
  stop: TripStop;
  /** The stop before it, whose departure its arrival should not precede. */
  previous: TripStop | null;
  index: number;
  /** The leg from this stop to the next one. */
  leg: Leg | null;
  editable: boolean;
  onPlan: (plan: StopPlan) => void;
  onRemove: () => void;
  /** Opens the details of a stop that is a place. */
  onOpen?: (placeId: number) => void;
  /** How this stop stands in a conflict between the traveler's version and the server's, if it is in one. */
  conflict?: StopConflict;
}

/** One stop of the list: its number, name and plan, the leg to the next stop, and (for editors) its controls. */
export function StopCard({ stop, previous, index, leg, editable, onPlan, onRemove, onOpen, conflict }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: stop.id, disabled: !editable });
  const [editing, setEditing] = useState(false);
  const warning = useStopWarning(stop, previous);
  const locality = useStopLocality(stop);
  const fields = useId();

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-testid="trip-stop"
      data-stop-id={stop.id}
      className={`relative list-none ${isDragging ? 'z-10' : ''}`}
    >
      <div className={`rounded-xl border bg-white p-3 ${isDragging ? 'border-brand-500 shadow-lg' : conflict ? 'border-amber-500 shadow-sm' : 'border-slate-200 shadow-sm'}`}>
        <div className="flex items-start gap-3">
          <span aria-hidden="true" className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-[#e8603c] text-sm font-semibold text-white">
            {index + 1}
          </span>
          <StopSummary stop={stop} index={index} locality={locality} warning={warning} editing={editing} onOpen={placeOpener(stop, onOpen)} readOnly={!editable} />
          {editable ? <StopDragHandle name={stop.name} attributes={attributes} listeners={listeners} setActivatorNodeRef={setActivatorNodeRef} /> : null}
        </div>
        {conflict ? <StopConflictMark conflict={conflict} /> : null}
        {editable ? <StopControls name={stop.name} editing={editing} fields={fields} onToggle={() => setEditing((e) => !e)} onRemove={onRemove} /> : null}
        {editable && editing ? <PlanFields id={fields} stop={stop} onPlan={onPlan} /> : null}
      </div>
      {leg ? <LegLine leg={leg} index={index} /> : null}
    </li>
  );
}
