import Link from 'next/link';
import type { SessionOrganization } from '@/lib/auth/types';

/**
 * The members page refused: which organization (when the person belongs to it), why, and the way on: the members
 * of the organizations they do administer, or the map.
 */
export function ForbiddenNotice({ organizations, requestedId }: { organizations: SessionOrganization[]; requestedId?: string }) {
  const requested = organizations.find((o) => o.id === requestedId);
  const administered = organizations.filter((o) => o.admin);
  return (
    <div className="mx-auto mt-16 max-w-md rounded-lg border border-slate-200 bg-white p-6 text-center shadow-sm" data-testid="forbidden-notice">
      <p className="text-sm font-semibold tracking-wide text-red-700 uppercase">403 · Forbidden</p>
      <h1 className="mt-1 text-xl font-semibold text-ink">You do not administer {requested ? requested.name : 'this organization'}</h1>
      <p className="mt-2 text-slate-600">
        {requested
          ? `You are a member of ${requested.name}, but only its administrators see its members.`
          : 'The members page is for organization administrators.'}
      </p>
      {administered.length ? (
        <>
          <p className="mt-4 text-sm text-slate-600">Members of the organizations you administer:</p>
          <ul className="mt-2 flex flex-col gap-2">
            {administered.map((o) => (
              <li key={o.id}>
                <Link
                  href={`/admin/${encodeURIComponent(o.id)}`}
                  className="inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  {o.name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Link
        href="/"
        className="mt-4 inline-block rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-ink hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        Back to the map
      </Link>
    </div>
  );
}
