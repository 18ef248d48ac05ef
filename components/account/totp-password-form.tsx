import { FactorMessage, type FactorOutcome } from './factor-message';
import { fieldClass, primaryButton } from './factor-styles';

/**
 * A step that takes only the current password: turning TOTP off, or starting to turn it on. Both steps are this one
 * component, so the form stays in place (and the focus with it) when one follows the other.
 */
export function TotpPasswordForm({
  intro,
  passwordLabel,
  passwordId,
  password,
  onPasswordChange,
  submitLabel,
  pending,
  onSubmit,
  message,
  messageAsAlert = false,
}: {
  intro: React.ReactNode;
  passwordLabel: string;
  passwordId: string;
  password: string;
  onPasswordChange: (password: string) => void;
  submitLabel: string;
  pending: boolean;
  onSubmit: () => void;
  message: FactorOutcome | null;
  messageAsAlert?: boolean;
}) {
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <p className="text-sm text-slate-700">{intro}</p>
      <div>
        <label htmlFor={passwordId} className="block text-sm font-medium text-ink">
          {passwordLabel}
        </label>
        <input id={passwordId} type="password" value={password} onChange={(e) => onPasswordChange(e.target.value)} autoComplete="current-password" required className={fieldClass} />
      </div>
      <button type="submit" disabled={pending} className={primaryButton}>
        {submitLabel}
      </button>
      <FactorMessage message={message} asAlert={messageAsAlert} />
    </form>
  );
}
