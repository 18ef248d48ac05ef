/** A status note in place of the list: nothing searched yet, or nothing found. */
export function ResultsMessage({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div role="status" className="mx-4 my-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
      <p className="font-semibold">{title}</p>
      {children}
    </div>
  );
}
