import { fieldClass, primaryButton } from './factor-styles';

/** The new passkey's name and the button that asks the browser to create it, where the browser can. */
export function AddPasskeyFields({
  supported,
  nameId,
  name,
  onNameChange,
  pending,
  onAdd,
}: {
  supported: boolean;
  nameId: string;
  name: string;
  onNameChange: (name: string) => void;
  pending: boolean;
  onAdd: () => void;
}) {
  if (!supported) return <p className="text-sm text-slate-600">This browser cannot create passkeys.</p>;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <label htmlFor={nameId} className="block text-sm font-medium text-ink">
          Name for the new passkey
        </label>
        <input id={nameId} value={name} onChange={(e) => onNameChange(e.target.value)} placeholder="e.g. My laptop" maxLength={60} className={fieldClass} />
      </div>
      <button type="button" disabled={pending} onClick={onAdd} className={primaryButton}>
        Add a passkey
      </button>
    </div>
  );
}
