import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { publicAppUrl } from '@/lib/auth/identity-config';
import { appConfig } from '@/lib/config/runtime';
import { pageMapStyleUrl } from '@/lib/map/published';
import { SiteHeader } from '@/components/layout/site-header';
import { TripPlanner } from '@/components/trips/trip-planner';
import { UnitsProvider } from '@/components/units/units-context';
import { requestUnits } from '@/lib/explorer/units-request';
import { sharedTripPage } from '@/lib/trips/page-data';

export const metadata: Metadata = { title: 'Shared trip · Trip Explorer', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** A trip opened through its share link: read-only, signed in or not. A revoked or unknown link is the 404 page. */
export default async function SharedTripPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [view, units, styleUrl] = await Promise.all([sharedTripPage(token), requestUnits(), pageMapStyleUrl(appConfig().mapStyleUrl)]);
  if (!view) notFound();
  return (
    <div className="flex h-dvh flex-col overflow-hidden">
      <SiteHeader />
      <main className="flex min-h-0 flex-1 flex-col">
        <UnitsProvider initial={units}>
          <TripPlanner initial={view} styleUrl={styleUrl} appUrl={publicAppUrl()} organizations={[]} sharedView />
        </UnitsProvider>
      </main>
    </div>
  );
}
