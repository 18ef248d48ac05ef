import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { SignInRedirect } from '@/components/auth/sign-in-redirect';
import { AppPageShell } from '@/components/layout/app-page-shell';
import { KeptElsewhere } from '@/components/listings/kept-elsewhere';
import { ListingEditor } from '@/components/listings/listing-editor';
import { currentSession } from '@/lib/auth/with-session';
import { HttpError } from '@/lib/http/http-error';
import { requireVisiblePlace } from '@/lib/places-client/place-visible';
import { keeperElsewhere } from '@/lib/owners/keeper-elsewhere';
import { publicHolidays } from '@/lib/owners/public-holidays';
import { ownerStore } from '@/lib/owners/store-registry';
import { placeRecords } from '@/lib/places/place-records';
import { isoDate } from '@/lib/places/status';

export const metadata: Metadata = { title: 'Edit a listing · Trip Explorer' };
export const dynamic = 'force-dynamic';

/** The owner's editor of one place's listing: hours, closures, contact, description, RV service, and its history. */
export default async function ListingPage({ params }: { params: Promise<{ id: string }> }) {
  const { id: raw } = await params;
  if (!/^[1-9]\d{0,14}$/.test(raw)) notFound();
  const id = Number(raw);
  const path = `/places/${id}/listing`;
  const session = await currentSession();
  if (!session) {
    return (
      <AppPageShell section="Listing" width="wide">
        <SignInRedirect callbackUrl={path} message="Listings are kept by the organizations that run the places. Taking you to sign in…" />
      </AppPageShell>
    );
  }
  // A place the person's Place API account does not see is answered as none at all, as its drawer would be.
  const visible = await requireVisiblePlace(id, { headers: await headers() }).then(
    () => true,
    (err: unknown) => {
      if (err instanceof HttpError && err.status === 404) return false;
      throw err;
    },
  );
  const place = visible ? await placeRecords()?.record(id) : null;
  const keeper = await keeperElsewhere(ownerStore(), id, session);
  const active = session.activeOrganization?.name ?? null;
  if (!place) {
    const kept = keeper && (await placeRecords()?.record(id));
    if (!kept) notFound();
    return (
      <AppPageShell section="Listing" width="wide">
        <h1 className="mb-4 text-2xl font-semibold text-ink">{kept.name}</h1>
        <KeptElsewhere keeper={keeper.name} active={active} />
      </AppPageShell>
    );
  }
  return (
    <AppPageShell section="Listing" width="wide">
      <h1 className="text-2xl font-semibold text-ink">{place.name}</h1>
      <p className="mb-6 text-sm text-slate-600">
        {place.locations[0].city}, {place.locations[0].state} · What you save here is what every traveler and every search sees, at once.
      </p>
      <ListingEditor placeId={id} placeName={place.name} holidays={publicHolidays(place.locations[0], isoDate(new Date()))} keptElsewhere={keeper && <KeptElsewhere keeper={keeper.name} active={active} />} />
    </AppPageShell>
  );
}
