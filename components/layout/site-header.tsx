import Link from 'next/link';
import { placesAreGenerated } from '@/lib/places/dataset-origin';
import { HeaderAccount } from './header-account';

/** `account`: what stands on the right instead of the signed-in person's controls (the offline page has no session). */
export function SiteHeader({ account }: { account?: React.ReactNode } = {}) {
  const generated = placesAreGenerated();
  return (
    // Above the place drawer (z-40), so the account menu opens over it; below the skip links (z-50) it starts under.
    <header className="relative z-45 flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-4 sm:gap-4">
      <Link href="/" className="flex shrink-0 items-center gap-2 rounded font-semibold tracking-tight whitespace-nowrap text-ink">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7 text-brand-600" fill="currentColor">
          <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
        </svg>
        <span className="text-base sm:text-lg">Trip Explorer</span>
      </Link>
      {generated ? (
        <span
          className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900"
          title="The places, their reviews, hours and closures are generated for the demo: they are not real."
          data-testid="generated-data"
        >
          Demo data<span className="sr-only">: the places are generated, not real</span>
        </span>
      ) : null}
      <p className="hidden truncate text-sm text-slate-600 lg:block" data-testid="tagline">
        Find campgrounds, RV service and places to stop, and plan road trips.
      </p>
      <nav aria-label="Site" className="ml-auto flex items-center gap-1 text-sm sm:gap-3">
        {account ?? <HeaderAccount />}
      </nav>
    </header>
  );
}
