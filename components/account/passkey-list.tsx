import type { AccountView } from '@/lib/identity-client/account';
import { secondaryButton } from './factor-styles';

const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

/** The account's passkeys, when added and last used, each with its Remove button. */
export function PasskeyList({ passkeys, pending, onRemove }: { passkeys: AccountView['passkeys']; pending: boolean; onRemove: (passkeyId: string) => void }) {
  if (passkeys.length === 0) {
    return <p className="text-sm text-slate-700">None yet. A passkey signs you in with your device&apos;s screen lock instead of a password and a code.</p>;
  }
  return (
    <ul aria-label="Passkeys" className="divide-y divide-slate-100 text-sm">
      {passkeys.map((passkey) => (
        <li key={passkey.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="passkey">
          <span className="font-medium text-ink">{passkey.name}</span>
          <span className="text-xs text-slate-600">
            added {day.format(new Date(passkey.createdAt))}
            {passkey.lastUsedAt ? `, last used ${day.format(new Date(passkey.lastUsedAt))}` : ''}
          </span>
          <button type="button" disabled={pending} className={`${secondaryButton} ml-auto`} aria-label={`Remove the passkey ${passkey.name}`} onClick={() => onRemove(passkey.id)}>
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
