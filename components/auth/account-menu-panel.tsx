import Link from 'next/link';
import { SignOutForm } from './sign-out-form';

const item = 'mt-1 block rounded px-2 py-1.5 text-ink hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600';

/** The open account menu: who is signed in and as what, extra controls, the person's pages, sign-out. */
export function AccountMenuPanel({
  id,
  name,
  email,
  administers,
  moderates,
  exploringAs,
  children,
}: {
  id: string;
  name: string | null;
  email: string | null;
  administers: boolean;
  moderates: boolean;
  exploringAs: string | null;
  children?: React.ReactNode;
}) {
  return (
    <div id={id} className="absolute top-full right-0 z-50 mt-2 w-64 rounded-lg border border-slate-200 bg-white p-2 text-sm shadow-lg">
      <div className="border-b border-slate-100 px-2 pt-1 pb-2">
        <p className="truncate font-medium text-ink">{name ?? 'Signed in'}</p>
        {email ? <p className="truncate text-slate-600">{email}</p> : null}
        <p className="mt-1 text-xs text-slate-600">{exploringAs ? `Exploring as ${exploringAs}` : 'Exploring with public data'}</p>
      </div>
      {children}
      <Link href="/trips" className={item}>
        My trips
      </Link>
      <Link href="/account" className={item}>
        Account settings
      </Link>
      {exploringAs ? (
        <Link href="/listings" className={item}>
          Our places
        </Link>
      ) : null}
      {administers ? (
        <Link href="/admin" className={item}>
          Organization members
        </Link>
      ) : null}
      {moderates ? (
        <Link href="/moderation" className={item}>
          Moderation
        </Link>
      ) : null}
      <Link href="/docs/api" className={item}>
        Place API reference
      </Link>
      <SignOutForm />
    </div>
  );
}
