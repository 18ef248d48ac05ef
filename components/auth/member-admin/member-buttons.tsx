import type { AdminActionResult } from '@/lib/auth/organization-admin-actions';
import { ActionMessage, secondaryButton } from './use-admin-action';

/** A member's Edit and Remove buttons (the only administrator cannot be removed, and the row says why). */
export function MemberButtons({
  who,
  onlyAdministrator,
  editButtonRef,
  onEdit,
  onRemove,
  result,
}: {
  who: string;
  onlyAdministrator: boolean;
  editButtonRef: React.Ref<HTMLButtonElement>;
  onEdit: () => void;
  onRemove: () => void;
  result: AdminActionResult | null;
}) {
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <button ref={editButtonRef} type="button" className={`${secondaryButton} py-1`} onClick={onEdit} aria-label={`Edit the membership of ${who}`}>
          Edit
        </button>
        {onlyAdministrator ? (
          <span className="self-center text-xs text-slate-600" title="Make another member an administrator before removing this one.">
            Only administrator<span className="sr-only">: make another member an administrator before removing this one</span>
          </span>
        ) : (
          <button type="button" className={`${secondaryButton} py-1`} onClick={onRemove} aria-label={`Remove ${who}`}>
            Remove
          </button>
        )}
      </div>
      <ActionMessage result={result} />
    </div>
  );
}
