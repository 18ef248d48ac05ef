'use client';

import { useId, useState } from 'react';
import { REPORT_REASON_WORDS } from '@/lib/explorer/report-reasons';
import { reportPhoto, reportReview } from '@/lib/explorer/reviews-api';
import { MAX_REPORT_NOTE, REPORT_REASONS } from '@/lib/reviews/review-input';
import { FormButtons } from '@/components/ui/form-buttons';

/** "Report" under a traveler's review: a reason and an optional note for the moderators, sent once. */
export function ReportReview({ reviewId, author }: { reviewId: string; author: string }) {
  return <ReportToModerators what={`${author}’s review`} send={(reason, note) => reportReview(reviewId, reason, note)} />;
}

/** "Report" under a traveler's photo in the gallery. */
export function ReportPhoto({ photoId, what }: { photoId: string; what: string }) {
  return <ReportToModerators what={what} send={(reason, note) => reportPhoto(photoId, reason, note)} />;
}

function ReportToModerators({ what, send: sendReport }: { what: string; send: (reason: string, note: string) => Promise<unknown> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<string>('');
  const [note, setNote] = useState('');
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'sent' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  if (state.kind === 'sent') {
    return (
      <p role="status" className="text-xs text-slate-700">
        Reported. Thank you: the moderators will look at it.
      </p>
    );
  }
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className="text-xs text-slate-600 underline hover:text-ink" aria-label={`Report ${what}`}>
        Report
      </button>
    );
  }
  const send = async () => {
    if (!reason) return setState({ kind: 'error', message: 'Choose why you report it.' });
    setState({ kind: 'sending' });
    try {
      await sendReport(reason, note);
      setState({ kind: 'sent' });
    } catch (err) {
      setState({ kind: 'error', message: (err as Error).message });
    }
  };
  return (
    <form
      aria-label={`Report ${what}`}
      className="mt-2 flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-2 text-xs"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <fieldset>
        <legend className="font-medium text-slate-800">Why do you report it?</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className="mt-1 flex items-center gap-1.5">
            <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
            {REPORT_REASON_WORDS[r]}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${id}-note`} className="font-medium text-slate-800">
        Note for the moderators (optional)
      </label>
      <textarea id={`${id}-note`} value={note} rows={2} maxLength={MAX_REPORT_NOTE} onChange={(e) => setNote(e.target.value)} className="rounded-md border border-slate-300 px-2 py-1 text-ink" />
      {state.kind === 'error' && (
        <p role="alert" className="text-red-700">
          {state.message}
        </p>
      )}
      <FormButtons submit="Send report" tone="quiet" disabled={state.kind === 'sending'} onCancel={() => setOpen(false)} />
    </form>
  );
}
