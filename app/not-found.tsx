import type { Metadata } from 'next';
import Link from 'next/link';
import { SiteHeader } from '@/components/layout/site-header';

export const metadata: Metadata = { title: 'Page not found · Trip Explorer' };

/** Any path that is not a page: the app's header and a way back to the map. */
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col bg-brand-50">
      <SiteHeader />
      <main className="flex flex-1 items-start justify-center px-4 py-16 sm:items-center">
        <section aria-labelledby="not-found-title" className="w-full max-w-md rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-black/5">
          <p className="text-sm font-semibold text-brand-700">404</p>
          <h1 id="not-found-title" className="mt-1 text-2xl font-semibold text-ink">
            This page does not exist
          </h1>
          <p className="mt-3 text-slate-600">The link may be old or mistyped. The map and its places are one click away.</p>
          <Link href="/" className="mt-6 inline-block rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700">
            Back to the map
          </Link>
        </section>
      </main>
    </div>
  );
}
