import type { useSortable } from '@dnd-kit/sortable';

type Sortable = ReturnType<typeof useSortable>;

interface Props extends Pick<Sortable, 'attributes' | 'listeners' | 'setActivatorNodeRef'> {
  name: string;
}

/** The handle a stop is moved by: dragged, or focused and moved with Space and the arrow keys. */
export function StopDragHandle({ name, attributes, listeners, setActivatorNodeRef }: Props) {
  return (
    <button
      ref={setActivatorNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      aria-label={`Move ${name}`}
      data-testid="trip-stop-handle"
      className="flex h-9 w-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-ink active:cursor-grabbing"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
        <circle cx="7" cy="5" r="1.5" />
        <circle cx="13" cy="5" r="1.5" />
        <circle cx="7" cy="10" r="1.5" />
        <circle cx="13" cy="10" r="1.5" />
        <circle cx="7" cy="15" r="1.5" />
        <circle cx="13" cy="15" r="1.5" />
      </svg>
    </button>
  );
}
