import { ADMINISTRATOR } from './members-filter';

const searchClass =
  'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';
const selectClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';

/** The members filter: a search by name or e-mail, and a role (or administrators). */
export function MembersFilterFields({
  queryId,
  roleId,
  query,
  role,
  roleNames,
  onChange,
}: {
  queryId: string;
  roleId: string;
  query: string;
  role: string;
  roleNames: string[];
  onChange: (query: string, role: string) => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={queryId} className="block text-sm font-medium text-ink">
          Search by name or e-mail
        </label>
        <input id={queryId} type="search" value={query} onChange={(e) => onChange(e.target.value, role)} placeholder="e.g. Dan" className={searchClass} />
      </div>
      <div className="sm:w-56">
        <label htmlFor={roleId} className="block text-sm font-medium text-ink">
          Role
        </label>
        <select id={roleId} value={role} onChange={(e) => onChange(query, e.target.value)} className={selectClass}>
          <option value="">All roles</option>
          <option value={ADMINISTRATOR}>Administrators</option>
          {roleNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
