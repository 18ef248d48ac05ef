'use client';

import { useState } from 'react';

/**
 * A destructive action asked twice: "Delete…" opens the question with the action and a way out, side by side; focus
 * stays with the buttons the keyboard is on.
 */
export function ConfirmAction({
  label,
  question,
  confirm,
  keep,
  onConfirm,
  accessibleLabel,
}: {
  label: string;
  question: string;
  confirm: string;
  keep: string;
  onConfirm: () => void;
  /** What the first button says to a screen reader when its text alone is ambiguous (several on one list). */
  accessibleLabel?: string;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button type="button" onClick={() => setConfirming(true)} aria-label={accessibleLabel} className="rounded px-2 py-1 text-slate-700 ring-1 ring-slate-300 hover:bg-white">
        {label}
      </button>
    );
  }
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="text-slate-700">{question}</span>
      <button type="button" autoFocus onClick={onConfirm} className="rounded px-2 py-1 font-medium text-red-700 ring-1 ring-red-300 hover:bg-red-50">
        {confirm}
      </button>
      <button type="button" onClick={() => setConfirming(false)} className="rounded px-2 py-1 text-slate-700 ring-1 ring-slate-300 hover:bg-white">
        {keep}
      </button>
    </span>
  );
}
