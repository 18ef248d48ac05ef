import { CopyButton } from '@/components/ui/copy-button';
import { primaryButton } from './factor-styles';

/** The recovery codes, shown once right after TOTP is turned on, until the person says they saved them. */
export function RecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <div>
      <p role="status" className="text-sm text-brand-700">
        Two-factor sign-in is on. Keep these recovery codes somewhere safe: each works once if you lose your phone, and they are not shown again.
      </p>
      <ul aria-label="Recovery codes" className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm text-ink" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <CopyButton text={codes.join('\n')} label="the recovery codes" className="mt-2 rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-ink hover:bg-slate-100" />
      <button type="button" className={`${primaryButton} mt-3 ml-2`} onClick={onSaved}>
        I have saved them
      </button>
    </div>
  );
}
