'use client';

import { useId, useState } from 'react';
import { FormButtons } from '@/components/ui/form-buttons';

/** A moderator's decision that needs a reason (hiding a review, refusing a claim): the field takes focus when opened. */
export function ReasonForm({
  label,
  fieldLabel,
  submit,
  maxLength,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  fieldLabel: string;
  submit: string;
  maxLength: number;
  busy: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form
      aria-label={label}
      className="flex w-full flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(reason);
      }}
    >
      <label htmlFor={`${id}-reason`} className="font-medium text-slate-800">
        {fieldLabel}
      </label>
      {/* Opened by the button that asks for it: the reason is what comes next. */}
      <input id={`${id}-reason`} autoFocus value={reason} maxLength={maxLength} onChange={(e) => setReason(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1 text-ink" />
      <FormButtons submit={submit} tone="quiet" disabled={busy || !reason.trim()} onCancel={onCancel} />
    </form>
  );
}
