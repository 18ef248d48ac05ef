/** Stands in for a part of the page that cannot work offline, instead of a spinner that never ends. */
export function NeedsConnection({ what, testId }: { what: string; testId?: string }) {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200" data-testid={testId ?? 'needs-connection'}>
      {what} needs a connection. It comes back when you are online.
    </p>
  );
}
