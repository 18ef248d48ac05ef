import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { SiteHeader } from '@/components/layout/site-header';
import { TravelerReviewList } from '@/components/reviews/traveler-review-list';
import { travelerByHandle } from '@/lib/auth/reviewer';
import { currentSession } from '@/lib/auth/with-session';
import { placeNamesByIds } from '@/lib/places-client/place-names';
import { resolvePlacesCredentials } from '@/lib/places-client/credentials';
import { reviewDeps } from '@/lib/reviews/explorer/deps';
import { authorReviews } from '@/lib/reviews/explorer/service';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ handle: string }> };

const HANDLE = /^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$/;

/** The handle of the path; a handle is plain ASCII, so anything that needs decoding is no handle at all. */
const handleOf = async (params: Params['params']) => {
  const { handle } = await params;
  return HANDLE.test(handle) ? handle : null;
};

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const handle = await handleOf(params);
  return { title: handle ? `${handle}’s reviews · Trip Explorer` : 'Traveler not found · Trip Explorer' };
}

/** A traveler's public page (the Place API's review `url`): every review they wrote that is not hidden, the latest written first, of the places the reader's account sees. */
export default async function TravelerPage({ params }: Params) {
  const handle = await handleOf(params);
  const traveler = handle ? await travelerByHandle(handle) : null;
  if (!traveler) notFound();
  const session = await currentSession();
  const reviews = await authorReviews(reviewDeps(), traveler.id, session?.userId ?? null);
  const names = reviews.length ? await placeNamesByIds(reviews.map((r) => r.placeId), await resolvePlacesCredentials({ headers: await headers() })) : new Map<number, string>();
  // Only reviews of places the reader's account sees (a place gone, or outside it, is as none at all).
  const listed = reviews.filter((r) => names.has(r.placeId));
  return (
    <div className="flex min-h-dvh flex-col bg-brand-50">
      <SiteHeader />
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        <h1 className="text-2xl font-semibold tracking-tight text-ink">{traveler.handle}</h1>
        <p className="mt-1 text-slate-600">
          {listed.length === 0 ? 'No reviews yet' : listed.length === 1 ? '1 review' : `${listed.length} reviews`}, written by a traveler on this site.
        </p>
        <TravelerReviewList reviews={listed.map((r) => ({ ...r, placeName: names.get(r.placeId)! }))} />
        <p className="mt-8 text-sm">
          <Link href="/" className="font-medium text-brand-700 underline">
            Back to the map
          </Link>
        </p>
      </main>
    </div>
  );
}
