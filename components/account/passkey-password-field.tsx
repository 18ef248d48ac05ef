import { fieldClass } from './factor-styles';

/** The current password, typed once above the passkeys for adding or removing one. */
export function PasskeyPasswordField({ id, password, onChange }: { id: string; password: string; onChange: (password: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Current password
      </label>
      <input
        id={id}
        type="password"
        value={password}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="current-password"
        aria-describedby={`${id}-hint`}
        className={fieldClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Adding or removing a passkey asks for it.
      </p>
    </div>
  );
}
