/**
 * A small form's two buttons: its submit (the brand's colour, or a quiet dark one for a report) and Cancel. `size`
 * follows the form: the drawer's inline forms are compact, the review form is not.
 */
export function FormButtons({
  submit,
  disabled,
  onCancel,
  tone = 'brand',
  size = 'compact',
}: {
  submit: string;
  disabled: boolean;
  onCancel: () => void;
  tone?: 'brand' | 'quiet';
  size?: 'compact' | 'regular';
}) {
  const padding = size === 'compact' ? 'px-2 py-1' : 'px-3 py-1.5';
  const colour = tone === 'brand' ? 'bg-brand-600 hover:bg-brand-700' : 'bg-slate-800 hover:bg-slate-900';
  return (
    <div className="flex gap-2">
      <button type="submit" disabled={disabled} className={`rounded-md ${padding} ${colour} font-medium text-white disabled:opacity-50`}>
        {submit}
      </button>
      <button type="button" onClick={onCancel} className={`rounded-md ${padding} text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50`}>
        Cancel
      </button>
    </div>
  );
}
