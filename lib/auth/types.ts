/** One membership as the session keeps it: ids, names and role names only, so the cookie stays small. */
export interface SessionOrganization {
  id: string;
  name: string;
  /** Role names; empty for an administrator without roles. */
  roles: string[];
  admin: boolean;
}

/** What the browser may know about the signed-in person (`GET /api/session`). Never any token. */
export type SessionSummary =
  | { signedIn: false }
  | {
      signedIn: true;
      user: { name: string | null; email: string | null };
      organizations: SessionOrganization[];
      activeOrganizationId: string | null;
      administers: boolean;
      /** One of the platform's moderators: the moderation page is theirs. */
      moderates: boolean;
    };

/** "Sales Associate", "Administrator", or both when an administrator also holds roles. */
export function membershipLabel(org: SessionOrganization): string {
  const parts = org.admin ? ['Administrator', ...org.roles] : org.roles;
  return parts.length > 0 ? parts.join(', ') : 'Member';
}
