import type { AdminActionResult } from '@/lib/auth/organization-admin-actions';
import { ActionMessage, dangerButton, secondaryButton } from './use-admin-action';

/** "Remove this member?", in place of the member's buttons, with the safe choice focused. */
export function RemoveMemberQuestion({
  who,
  organizationName,
  pending,
  result,
  onRemove,
  onCancel,
  onKeyDown,
}: {
  who: string;
  organizationName: string;
  pending: boolean;
  result: AdminActionResult | null;
  onRemove: () => void;
  onCancel: () => void;
  onKeyDown: (e: React.KeyboardEvent) => void;
}) {
  return (
    <div role="group" aria-label={`Remove ${who}`} className="space-y-2" onKeyDown={onKeyDown}>
      <p className="text-sm text-ink">
        Remove {who} from {organizationName}?
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={pending} className={dangerButton} onClick={onRemove}>
          Yes, remove
        </button>
        {/* The safe choice has the focus when the question opens. */}
        <button type="button" autoFocus className={secondaryButton} onClick={onCancel}>
          Cancel
        </button>
      </div>
      <ActionMessage result={result} />
    </div>
  );
}
