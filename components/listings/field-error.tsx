/** The server's sentence for one field, tied to its input by id. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-red-700">
      {message}
    </p>
  );
}

export const inputClass = 'w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm text-ink focus-visible:outline-2 focus-visible:outline-brand-600';
