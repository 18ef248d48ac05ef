'use client';

import { forwardRef, useEffect, useState } from 'react';

/** Copies `text` to the clipboard and says "Copied" for two seconds; `label` names what is copied to screen readers. */
export const CopyButton = forwardRef<HTMLButtonElement, { text: string; label?: string; className?: string }>(function CopyButton({ text, label, className }, ref) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const reset = window.setTimeout(() => setCopied(false), 2000);
    return () => window.clearTimeout(reset);
  }, [copied]);
  return (
    <button
      ref={ref}
      type="button"
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
      }}
      className={className ?? 'rounded-md border border-slate-300 px-2 py-1.5 text-sm font-medium text-ink hover:bg-slate-100'}
    >
      {copied ? 'Copied' : 'Copy'}
      {label ? <span className="sr-only"> {label}</span> : null}
    </button>
  );
});
