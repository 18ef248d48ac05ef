import Link from 'next/link';
import { SignInButton } from '@/components/auth/sign-in-button';
import type { ChoiceStatus } from './use-trip-choices';

/** What adding to a trip did: added (with a link to the trip), signed out (with Sign in), or why it failed. */
export function TripChoiceStatus({ status, compact }: { status: ChoiceStatus; compact: boolean }) {
  return (
    <p role="status" className={`${compact ? 'mx-4 mb-3' : 'mt-2'} ${status.kind === 'error' ? 'text-red-700' : 'text-slate-700'}`}>
      {status.text}{' '}
      {status.tripId ? (
        <Link href={`/trips/${encodeURIComponent(status.tripId)}`} className="font-medium text-brand-700 underline">
          Open the trip
        </Link>
      ) : null}
      {status.kind === 'signed-out' ? <SignInButton className="font-medium text-brand-700 underline hover:text-brand-800" /> : null}
    </p>
  );
}
