import type { SessionOrganization } from '@/lib/auth/types';

interface Props {
  organizations: SessionOrganization[];
  /** The organization the trip is shared with, if any. */
  organizationId: string | null;
  busy: boolean;
  onShare: (organizationId: string | null, name: string | undefined) => void;
}

/** The one organization of the owner's whose members can view and edit the trip, or "Only me". */
export function OrganizationShare({ organizations, organizationId, busy, onShare }: Props) {
  return (
    <label className="mt-3 flex flex-col gap-1 text-slate-700">
      Share with an organization (its members can view and edit)
      <select
        value={organizationId ?? ''}
        disabled={busy}
        onChange={(e) => {
          const chosen = e.target.value || null;
          onShare(chosen, organizations.find((o) => o.id === chosen)?.name);
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-ink"
      >
        <option value="">Only me</option>
        {organizations.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}
