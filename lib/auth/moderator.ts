import 'server-only';
import { appConfig } from '@/lib/config/runtime';
import { HttpError } from '@/lib/http/http-error';
import { jsonOk } from '@/lib/http/json-response';
import { readJsonBody } from '@/lib/http/read-json';
import { tellClaimant } from '@/lib/identity/mail/claim-notice';
import { tellAuthor } from '@/lib/identity/mail/moderation-notice';
import { identityRuntime } from '@/lib/identity/runtime';
import { ownerDeps } from '@/lib/owners/store-registry';
import type { Claim } from '@/lib/owners/store/types';
import { placeRecords } from '@/lib/places/place-records';
import type { ModerationDeps } from '@/lib/reviews/explorer/moderation';
import { reviewStore } from '@/lib/reviews/store-registry';
import { handleOf } from './reviewer';
import { type Session, withSession } from './with-session';

/** Whether the signed-in person is one of the platform's moderators, read from the directory at each request. */
export async function isModerator(session: Pick<Session, 'userId'> | null): Promise<boolean> {
  if (!session) return false;
  return (await identityRuntime()?.moderators.isModerator(session.userId)) ?? false;
}

export async function requireModerator(session: Pick<Session, 'userId'> | null): Promise<void> {
  if (!(await isModerator(session))) throw new HttpError(403, 'forbidden', 'Only the platform’s moderators read reports, hide reviews and answer claims.');
}

/** The identity server's runtime (accounts, mailer) that moderation tells people through. */
function moderationRuntime() {
  const runtime = identityRuntime();
  if (!runtime) throw new HttpError(503, 'unavailable', 'Moderation is not available right now: the account directory cannot be read.');
  return runtime;
}

/**
 * The review store, the clock, the identity server's mail to tell authors (their page's link on the Explorer) and
 * the places' names.
 */
export function moderationDeps(): ModerationDeps {
  const runtime = moderationRuntime();
  return {
    store: reviewStore(),
    now: () => new Date(),
    tell: (review, notice) => tellAuthor(runtime.accounts, runtime.mailer, appConfig().appUrl, review, notice),
    placeName: async (placeId) => (await placeRecords()?.record(placeId))?.name ?? null,
  };
}

/** The owner store and the places, with the identity server's mail to tell the member who claimed a place. */
export function claimAnswerDeps() {
  const runtime = moderationRuntime();
  return { ...ownerDeps(), tell: (claim: Claim) => tellClaimant(runtime.accounts, runtime.mailer, appConfig().appUrl, claim) };
}

/** The POST handler of a moderator's decision on item `id`: `decide(by, id, body)`, by the moderator's handle, answers the data. */
export function moderatorAction(decide: (by: string, id: string, body: unknown) => Promise<unknown>) {
  return withSession<{ id: string }>(
    async ({ request, params, session }) => {
      await requireModerator(session);
      const body = await readJsonBody(request, 4 * 1024);
      const by = (await handleOf(session!)) ?? session!.userId;
      return jsonOk({ data: await decide(by, params.id, body) });
    },
    { signedIn: true, sameOrigin: true },
  );
}

/** The POST handler of a moderator's decision on a review or a photo. */
export const moderationDecision = (decide: (deps: ModerationDeps, by: string, id: string, body: unknown) => Promise<unknown>) =>
  moderatorAction((by, id, body) => decide(moderationDeps(), by, id, body));
