import type { Metadata } from 'next';
import Link from 'next/link';
import { SiteHeader } from '@/components/layout/site-header';
import { NewTripForm } from '@/components/trips/new-trip-form';
import { SignedOutTrips } from '@/components/trips/signed-out-trips';
import { myTripsPage } from '@/lib/trips/page-data';

export const metadata: Metadata = { title: 'My trips · Trip Explorer' };
export const dynamic = 'force-dynamic';

const updated = (iso: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

export default async function MyTripsPage() {
  const { session, trips } = await myTripsPage();
  const organizationName = (id: string | null) => session?.organizations.find((o) => o.id === id)?.name ?? 'an organization';
  return (
    <div className="flex min-h-dvh flex-col bg-brand-50">
      <SiteHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        {!session ? (
          <SignedOutTrips />
        ) : (
          <>
            <h1 className="text-2xl font-semibold tracking-tight text-ink">My trips</h1>
            <p className="mt-1 text-slate-600">Your trips, and those shared with your organizations.</p>
            <div className="mt-6">
              <NewTripForm />
            </div>
            {trips.length ? (
              <ul className="mt-6 flex flex-col gap-3" data-testid="trip-list">
                {trips.map((t) => (
                  <li key={t.id}>
                    <Link
                      href={`/trips/${encodeURIComponent(t.id)}`}
                      className="flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-500 hover:shadow"
                    >
                      <span aria-hidden="true" className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                        <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
                          <circle cx="6" cy="18" r="2.5" />
                          <circle cx="18" cy="6" r="2.5" />
                          <path d="M8.5 18H15a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h6.5" />
                        </svg>
                      </span>
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-semibold text-ink">{t.name}</span>
                        <span className="block text-sm text-slate-600">
                          {t.stopCount} stop{t.stopCount === 1 ? '' : 's'} · changed {updated(t.updatedAt)}
                        </span>
                      </span>
                      {t.organizationId ? (
                        <span className="shrink-0 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-medium text-amber-900">
                          {t.owned ? `Shared with ${organizationName(t.organizationId)}` : `From ${organizationName(t.organizationId)}`}
                        </span>
                      ) : null}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600" data-testid="no-trips">
                No trips yet. Create one above, or open a place on <Link href="/" className="font-medium text-brand-700 underline">the map</Link> and choose “Add to trip”.
              </p>
            )}
          </>
        )}
      </main>
    </div>
  );
}
