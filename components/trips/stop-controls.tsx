interface Props {
  name: string;
  editing: boolean;
  /** The id of the plan's fields, which Plan shows and hides. */
  fields: string;
  onToggle: () => void;
  onRemove: () => void;
}

/** An editor's buttons under a stop: Plan (or Done) and Remove. */
export function StopControls({ name, editing, fields, onToggle, onRemove }: Props) {
  return (
    <div className="mt-2 flex gap-2 pl-10 text-sm">
      <button
        type="button"
        aria-expanded={editing}
        aria-controls={fields}
        onClick={onToggle}
        className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-brand-50"
      >
        {editing ? 'Done' : 'Plan'}
        <span className="sr-only"> {name}</span>
      </button>
      <button type="button" data-remove onClick={onRemove} className="rounded-md px-2 py-1 font-medium text-slate-600 hover:bg-slate-100 hover:text-red-700">
        Remove<span className="sr-only"> {name}</span>
      </button>
    </div>
  );
}
