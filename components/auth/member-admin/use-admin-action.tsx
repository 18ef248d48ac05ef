'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import type { AdminActionResult } from '@/lib/auth/organization-admin-actions';

/** Runs one administrator action, keeps its answer for display, and re-reads the page's data after a success. */
export function useAdminAction() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [result, setResult] = useState<AdminActionResult | null>(null);
  const run = (action: () => Promise<AdminActionResult>, onSuccess?: () => void) =>
    startTransition(async () => {
      const answer = await action().catch((): AdminActionResult => ({ ok: false, message: 'That did not work. Reload the page and try again.' }));
      setResult(answer);
      if (answer.ok) {
        onSuccess?.();
        router.refresh();
      }
    });
  return { pending, result, run, clear: () => setResult(null) };
}

export const fieldClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600';
export const primaryButton =
  'rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';
export const secondaryButton =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-ink hover:bg-slate-50 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
export const dangerButton =
  'rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';

export function ActionMessage({ result }: { result: AdminActionResult | null }) {
  if (!result) return null;
  return (
    <p role={result.ok ? 'status' : 'alert'} className={`mt-2 text-sm ${result.ok ? 'text-brand-700' : 'text-red-800'}`}>
      {result.message}
    </p>
  );
}
