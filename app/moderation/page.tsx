import type { Metadata } from 'next';
import { SignInRedirect } from '@/components/auth/sign-in-redirect';
import { AppPageShell } from '@/components/layout/app-page-shell';
import { ClaimsQueue } from '@/components/moderation/claims-queue';
import { ModerationQueue } from '@/components/moderation/moderation-queue';
import { isModerator, moderationDeps } from '@/lib/auth/moderator';
import { currentSession } from '@/lib/auth/with-session';
import { claimsOrNone } from '@/lib/owners/claims-queue';
import { ownerDeps } from '@/lib/owners/store-registry';
import { moderationQueue } from '@/lib/reviews/explorer/moderation';

export const metadata: Metadata = { title: 'Moderation · Trip Explorer' };
export const dynamic = 'force-dynamic';

/** The platform moderators' page: reported reviews and photos to hide or dismiss, hidden ones to restore; claims on places to answer. */
export default async function ModerationPage() {
  const session = await currentSession();
  if (!session) {
    return (
      <AppPageShell section="Moderation" width="wide">
        <SignInRedirect callbackUrl="/moderation" message="This page is for the platform’s moderators. Taking you to sign in…" />
      </AppPageShell>
    );
  }
  if (!(await isModerator(session))) {
    return (
      <AppPageShell section="Moderation" width="wide">
        <h1 className="mb-2 text-2xl font-semibold text-ink">Moderation</h1>
        <p className="text-slate-700">This page is for the platform’s moderators, and you are not one. To report a review, use “Report” under it on its place’s card.</p>
      </AppPageShell>
    );
  }
  const [queue, claims] = await Promise.all([moderationQueue(moderationDeps()), claimsOrNone(ownerDeps)]);
  return (
    <AppPageShell section="Moderation" width="wide">
      <h1 className="mb-1 text-2xl font-semibold text-ink">Moderation</h1>
      <p className="mb-6 max-w-3xl text-sm text-slate-600">
        Reviews readers reported, the longest waiting first. Hiding takes a review (and its photos) out of its place, the Place API and the ratings; its author still sees it, with your reason, and is told by e-mail.
      </p>
      <ModerationQueue initial={queue} />
      <div className="mt-10">
        {claims ? <ClaimsQueue initial={claims} /> : <p className="text-sm text-slate-700">Claims on places cannot be read right now: try again in a moment.</p>}
      </div>
    </AppPageShell>
  );
}
