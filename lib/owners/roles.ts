/**
 * Who keeps an organization's listings: its administrators, and members holding one of these roles (the demo's
 * Summit Service Advisor and Lakeside Content Editor; "Listings Manager" for an organization that makes a role for
 * it). Read from the identity server's `user` claim at each request, so a role taken away stops the next edit.
 */
export const LISTING_ROLES = ['Listings Manager', 'Service Advisor', 'Content Editor'] as const;

/** A signed-in member acting for their active organization, as the Explorer's session has them. */
export interface OrganizationMember {
  id: string;
  name: string;
  organizationId: string;
  organizationName: string;
  admin: boolean;
  roles: string[];
}

export function keepsListings(member: Pick<OrganizationMember, 'admin' | 'roles'>): boolean {
  return member.admin || member.roles.some((r) => (LISTING_ROLES as readonly string[]).includes(r));
}
