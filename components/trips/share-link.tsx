import type { Ref } from 'react';
import { CopyButton } from '@/components/ui/copy-button';

interface Props {
  link: string;
  copyRef: Ref<HTMLButtonElement>;
  busy: boolean;
  onRevoke: () => void;
}

/** The trip's read-only link, to copy or revoke. */
export function ShareLink({ link, copyRef, busy, onRevoke }: Props) {
  return (
    <div className="mt-2">
      <label htmlFor="share-link" className="text-slate-700">
        Read-only link (anyone with it can view, signed out)
      </label>
      <div className="mt-1 flex gap-2">
        <input id="share-link" readOnly value={link} data-testid="share-link" className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 text-xs text-ink" />
        <CopyButton ref={copyRef} text={link} className="rounded-md border border-slate-300 px-2 py-1.5 font-medium text-ink hover:bg-slate-100" />
      </div>
      <button type="button" disabled={busy} onClick={onRevoke} className="mt-2 rounded-md px-2 py-1 font-medium text-red-700 hover:bg-red-50">
        Revoke link
      </button>
    </div>
  );
}
