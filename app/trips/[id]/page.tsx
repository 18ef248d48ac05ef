import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { publicAppUrl } from '@/lib/auth/identity-config';
import { appConfig } from '@/lib/config/runtime';
import { pageMapStyleUrl } from '@/lib/map/published';
import { SiteHeader } from '@/components/layout/site-header';
import { SignedOutTrips } from '@/components/trips/signed-out-trips';
import { TripPlanner } from '@/components/trips/trip-planner';
import { UnitsProvider } from '@/components/units/units-context';
import { requestUnits } from '@/lib/explorer/units-request';
import { deviceOwnerKey } from '@/lib/offline/owner-key';
import { tripPage } from '@/lib/trips/page-data';

export const metadata: Metadata = { title: 'Trip · Trip Explorer' };
export const dynamic = 'force-dynamic';

export default async function TripPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const [{ session, view }, units, styleUrl] = await Promise.all([tripPage(id), requestUnits(), pageMapStyleUrl(appConfig().mapStyleUrl)]);
  if (session && !view) notFound();
  return (
    <div className="flex h-dvh flex-col overflow-hidden">
      <a
        href="#trip-main"
        className="fixed top-2 left-2 z-50 -translate-y-24 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-700 underline shadow-lg ring-1 ring-black/10 focus:translate-y-0"
      >
        Skip to the trip
      </a>
      <SiteHeader />
      <main id="trip-main" tabIndex={-1} className="flex min-h-0 flex-1 flex-col focus:outline-none">
        {session && view ? (
          <UnitsProvider initial={units}>
            <TripPlanner
              key={view.trip.id}
              initial={view}
              styleUrl={styleUrl}
              appUrl={publicAppUrl()}
              organizations={view.access.owner ? session.organizations : []}
              deviceOwner={deviceOwnerKey(session.userId)}
            />
          </UnitsProvider>
        ) : (
          <div className="flex-1 overflow-y-auto bg-brand-50 px-4">
            <SignedOutTrips />
          </div>
        )}
      </main>
    </div>
  );
}
