/**
 * The demo organizations, shared by the identity server (memberships, the `user` claim) and the Place API
 * (one API client per organization, with its account configuration). Ids are stable so links survive a re-seed.
 */
export interface DemoOrganization {
  id: string;
  name: string;
  kind: 'rv_dealer_group' | 'rental_fleet' | 'tourism_office';
  roles: { id: string; name: string }[];
}

export const DEMO_ORGANIZATIONS: DemoOrganization[] = [
  {
    id: 'org-summit-rv',
    name: 'Summit RV Dealers Group',
    kind: 'rv_dealer_group',
    roles: [
      { id: 'role-summit-sales', name: 'Sales Associate' },
      { id: 'role-summit-service', name: 'Service Advisor' },
    ],
  },
  {
    id: 'org-roamwell',
    name: 'Roamwell RV Rentals',
    kind: 'rental_fleet',
    roles: [
      { id: 'role-roamwell-fleet', name: 'Fleet Coordinator' },
      { id: 'role-roamwell-agent', name: 'Rental Agent' },
    ],
  },
  {
    id: 'org-lakeside-tourism',
    name: 'Lakeside Tourism Office',
    kind: 'tourism_office',
    roles: [
      { id: 'role-lakeside-editor', name: 'Content Editor' },
      { id: 'role-lakeside-viewer', name: 'Viewer' },
    ],
  },
];

export interface DemoMembership {
  organizationId: string;
  isAdministrator?: true;
  roleIds: string[];
}

export interface DemoUser {
  username: string;
  email: string;
  givenName: string;
  familyName: string;
  emailVerified: boolean;
  about: string;
  memberships: DemoMembership[];
  /** A platform moderator of travelers' reviews and photos. */
  moderator?: true;
}

/** Passwords are generated at seed time, never written here. */
export const DEMO_USERS: DemoUser[] = [
  {
    username: 'traveler',
    email: 'tess.traveler@example.com',
    givenName: 'Tess',
    familyName: 'Traveler',
    emailVerified: true,
    about: 'A traveler with no organization: explores with the public client.',
    memberships: [],
  },
  {
    username: 'dealer',
    email: 'dan.dealer@example.com',
    givenName: 'Dan',
    familyName: 'Dealer',
    emailVerified: true,
    about: 'Sales Associate at Summit RV Dealers Group and Rental Agent at Roamwell RV Rentals: can switch between them.',
    memberships: [
      { organizationId: 'org-summit-rv', roleIds: ['role-summit-sales'] },
      { organizationId: 'org-roamwell', roleIds: ['role-roamwell-agent'] },
    ],
  },
  {
    username: 'admin',
    email: 'ada.admin@example.com',
    givenName: 'Ada',
    familyName: 'Admin',
    emailVerified: true,
    about: 'Administrator of Summit RV Dealers Group and a plain Viewer at Lakeside Tourism Office.',
    memberships: [
      { organizationId: 'org-summit-rv', isAdministrator: true, roleIds: [] },
      { organizationId: 'org-lakeside-tourism', roleIds: ['role-lakeside-viewer'] },
    ],
  },
  {
    username: 'advisor',
    email: 'sam.advisor@example.com',
    givenName: 'Sam',
    familyName: 'Advisor',
    emailVerified: true,
    about: 'Service Advisor at Summit RV Dealers Group: claims its dealers and keeps their hours, closures and serviced makes.',
    memberships: [{ organizationId: 'org-summit-rv', roleIds: ['role-summit-service'] }],
  },
  {
    username: 'moderator',
    email: 'mo.moderator@example.com',
    givenName: 'Mo',
    familyName: 'Moderator',
    emailVerified: true,
    about: 'A platform moderator with no organization: reads the reports on travelers’ reviews and photos and answers organizations’ claims on places at /moderation.',
    memberships: [],
    moderator: true,
  },
  {
    username: 'unverified',
    email: 'uma.unverified@example.com',
    givenName: 'Uma',
    familyName: 'Unverified',
    emailVerified: false,
    about: 'Content Editor at Lakeside Tourism Office whose e-mail address is not verified.',
    memberships: [{ organizationId: 'org-lakeside-tourism', roleIds: ['role-lakeside-editor'] }],
  },
];
