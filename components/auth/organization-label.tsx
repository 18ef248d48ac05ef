import { membershipLabel, type SessionOrganization } from '@/lib/auth/types';

/** The one organization of someone who has nothing to switch between, in the header from small screens up. */
export function OrganizationLabel({ organization }: { organization: SessionOrganization }) {
  return (
    <span className="hidden max-w-64 truncate text-slate-600 sm:inline" data-testid="organization-label">
      <span className="font-medium text-ink">{organization.name}</span> · {membershipLabel(organization)}
    </span>
  );
}
