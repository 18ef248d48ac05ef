import { SignInButton } from '@/components/auth/sign-in-button';

/** What a visitor sees where their trips would be. */
export function SignedOutTrips() {
  return (
    <section className="mx-auto mt-10 max-w-md rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-black/5">
      <h1 className="text-2xl font-semibold text-ink">Plan trips</h1>
      <p className="mt-3 text-slate-600">Sign in to save places as stops, order them, measure the legs and share the trip.</p>
      <div className="mt-6 flex justify-center">
        <SignInButton />
      </div>
    </section>
  );
}
