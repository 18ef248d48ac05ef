import Link from 'next/link';
import { formatDate } from '@/lib/explorer/closures';
import type { Claim, OwnerView } from '@/lib/explorer/listing-api';

const STATUS: Record<Claim['status'], string> = { pending: 'Waiting for an answer', approved: 'Approved', refused: 'Refused' };

/** The organization's places (each a link to its editor) and its claims with their answers. */
export function OrganizationListings({ owned, claims }: { owned: (OwnerView & { name: string })[]; claims: (Claim & { name: string })[] }) {
  return (
    <div className="space-y-8">
      <section aria-labelledby="owned-title">
        <h2 id="owned-title" className="mb-2 text-lg font-semibold text-ink">
          Places you keep
        </h2>
        {owned.length === 0 ? (
          <p className="text-sm text-slate-600">None yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
            {owned.map((o) => (
              <li key={o.placeId} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
                <Link href={`/places/${o.placeId}/listing`} className="font-medium text-brand-700 underline">
                  {o.name}
                </Link>
                <span className="text-slate-600">{o.updatedAt ? `Updated on ${formatDate(o.updatedAt.slice(0, 10))}` : 'Not edited yet'}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="claims-title">
        <h2 id="claims-title" className="mb-2 text-lg font-semibold text-ink">
          Claims
        </h2>
        {claims.length === 0 ? (
          <p className="text-sm text-slate-600">No claims.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200">
            {claims.map((c) => (
              <li key={c.id} className="p-3 text-sm" data-testid="claim">
                <p className="flex flex-wrap gap-x-3">
                  <span className="font-medium text-ink">{c.name}</span>
                  <span className="text-slate-600">
                    asked by {c.requestedByName} on {formatDate(c.requestedAt.slice(0, 10))}
                  </span>
                  <span className={c.status === 'refused' ? 'text-red-700' : c.status === 'approved' ? 'text-emerald-800' : 'text-slate-700'}>{STATUS[c.status]}</span>
                </p>
                {c.reason && <p className="mt-1 text-slate-700">{c.reason}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
