import Link from 'next/link';
import { HeaderAccount } from './header-account';

const WIDTHS = { narrow: 'max-w-2xl', wide: 'max-w-5xl' } as const;

/** The frame of the app's own pages outside the map (members, account): the home link, the page's name, the account. */
export function AppPageShell({ section, width, children }: { section: string; width: keyof typeof WIDTHS; children: React.ReactNode }) {
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="flex h-14 items-center gap-4 border-b border-slate-200 bg-white px-4">
        <Link href="/" className="rounded font-semibold tracking-tight text-ink focus-visible:outline-2 focus-visible:outline-brand-600">
          Trip Explorer
        </Link>
        <span aria-hidden="true" className="text-slate-300">/</span>
        <span className="text-sm text-slate-600">{section}</span>
        <nav aria-label="Account" className="ml-auto flex items-center text-sm">
          <HeaderAccount />
        </nav>
      </header>
      <main className={`mx-auto ${WIDTHS[width]} px-4 py-6`}>{children}</main>
    </div>
  );
}
