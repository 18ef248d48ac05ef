import Link from 'next/link';

export function ForbiddenNotice() {
  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm">
      <p className="text-sm font-semibold tracking-wide text-red-700 uppercase">403 · Forbidden</p>
      <h1 className="mt-1 text-xl font-semibold text-ink">You do not administer this organization</h1>
      <p className="mt-2 text-slate-600">The members page is for organization administrators.</p>
      <Link
        href="/"
        className="mt-4 inline-block rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Back to the map
      </Link>
    </div>
  );
}
