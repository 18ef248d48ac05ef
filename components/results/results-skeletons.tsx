/** Placeholder rows while the first results of a search are on their way. */
export function ResultsSkeletons() {
  return (
    <ul aria-hidden="true" data-testid="results-loading">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="flex gap-3 px-4 py-3">
          <span className="h-10 w-10 animate-pulse rounded-full bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-4 w-3/4 animate-pulse rounded bg-slate-200" />
            <span className="block h-3 w-1/2 animate-pulse rounded bg-slate-100" />
            <span className="block h-3 w-1/3 animate-pulse rounded bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}
