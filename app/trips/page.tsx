import type { Metadata } from 'next';
import Link from 'next/link';
import { SiteHeader } from '@/components/layout/site-header';
import { DeletedTripNotice } from '@/components/trips/deleted-trip-notice';
import { NewTripForm } from '@/components/trips/new-trip-form';
import { SignedOutTrips } from '@/components/trips/signed-out-trips';
import { TripCard } from '@/components/trips/trip-card';
import { KeptTripsSection } from '@/components/offline/kept-trips-section';
import { deviceOwnerKey } from '@/lib/offline/owner-key';
import { myTripsPage } from '@/lib/trips/page-data';
import { tripSections } from '@/lib/trips/trip-sections';

export const metadata: Metadata = { title: 'My trips · Trip Explorer' };
export const dynamic = 'force-dynamic';

export default async function MyTripsPage() {
  const { session, trips } = await myTripsPage();
  const organizationName = (id: string | null) => session?.organizations.find((o) => o.id === id)?.name ?? 'an organization';
  const sections = session ? tripSections(trips, session.organizations, session.activeOrganization?.id ?? null) : [];
  return (
    <div className="flex min-h-dvh flex-col bg-brand-50">
      <SiteHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        {!session ? (
          <SignedOutTrips />
        ) : (
          <>
            <h1 className="text-2xl font-semibold tracking-tight text-ink">My trips</h1>
            <DeletedTripNotice />
            <p className="mt-1 text-slate-600">Your trips, and those shared with your organizations. The organization picked at the top comes first.</p>
            <div className="mt-6">
              <NewTripForm />
            </div>
            {sections.map((section) => (
              <section key={section.key} aria-labelledby={`trips-${section.key}`} className="mt-8" data-testid={`trip-section-${section.key}`}>
                <h2 id={`trips-${section.key}`} className="flex items-baseline gap-2 text-lg font-semibold text-ink">
                  {section.title}
                  {section.current ? <span className="text-sm font-normal text-slate-600">(the organization you explore as)</span> : null}
                </h2>
                {section.trips.length ? (
                  <ul className="mt-3 flex flex-col gap-3" data-testid={section.key === 'mine' ? 'trip-list' : 'shared-trip-list'}>
                    {section.trips.map((t) => (
                      <li key={t.id}>
                        <TripCard trip={t} sharedWith={t.owned && t.organizationId ? organizationName(t.organizationId) : null} />
                      </li>
                    ))}
                  </ul>
                ) : section.key === 'mine' ? (
                  <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600" data-testid="no-trips">
                    No trips yet. Create one above, or open a place on <Link href="/" className="font-medium text-brand-700 underline">the map</Link> and choose “Add to trip”.
                  </p>
                ) : (
                  <p className="mt-3 text-slate-600">No trips shared with this organization yet. A trip’s owner can share it from the trip’s page.</p>
                )}
              </section>
            ))}
            <KeptTripsSection owner={deviceOwnerKey(session.userId)} />
          </>
        )}
      </main>
    </div>
  );
}
