import { LocalTime } from '@/components/ui/local-time';
import { type AuditEntry, describeAuditEntry, withNames } from '@/lib/auth/audit-wording';

/**
 * An organization's recent changes, newest first, folded away under the member list: in the viewer's time zone, and
 * people by their names, as the account page says them.
 */
export function AuditTrail({ organizationName, entries, error }: { organizationName: string; entries: AuditEntry[]; error: string | null }) {
  return (
    <details className="group border-t border-slate-100" data-testid="audit-trail">
      <summary className="cursor-pointer px-4 py-3 text-sm font-medium text-brand-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600">
        Recent changes{error ? '' : ` (${entries.length})`}
      </summary>
      {error ? (
        <p role="alert" className="px-4 pb-4 text-sm text-red-800">
          {error}
        </p>
      ) : entries.length === 0 ? (
        <p className="px-4 pb-4 text-sm text-slate-600">No change recorded yet.</p>
      ) : (
        <ol aria-label={`Recent changes in ${organizationName}`} className="divide-y divide-slate-100 px-4 pb-2 text-sm">
          {entries.map(withNames).map((entry) => (
            <li key={entry.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:gap-4" data-testid="audit-entry">
              <span className="shrink-0 text-xs text-slate-600 tabular-nums sm:w-52">
                <LocalTime iso={entry.at} />
              </span>
              <span className="text-ink">{describeAuditEntry(entry)}</span>
              <span className="text-xs text-slate-600 sm:ml-auto">by {entry.actor}</span>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
