import 'server-only';
import { cookies } from 'next/headers';
import { isModerator } from './moderator';
import { ACTIVE_ORGANIZATION_COOKIE, chooseActiveOrganization } from './organization-choice';
import { organizationsOf, type AuthState } from './session-state';
import type { SessionSummary } from './types';

/** What the page may show about the session: names, memberships, the active organization, moderation. Never a token. */
export async function summarizeSession({ token }: AuthState): Promise<SessionSummary> {
  if (!token) return { signedIn: false };
  const organizations = organizationsOf(token);
  const active = chooseActiveOrganization(organizations, (await cookies()).get(ACTIVE_ORGANIZATION_COOKIE)?.value);
  return {
    signedIn: true,
    user: { name: token.name ?? null, email: token.email ?? null },
    organizations,
    activeOrganizationId: active?.id ?? null,
    administers: organizations.some((o) => o.admin),
    moderates: await isModerator({ userId: token.sub as string }),
  };
}
