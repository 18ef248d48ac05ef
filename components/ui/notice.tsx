'use client';

import { useEffect, useRef } from 'react';

/** A dismissable notice in a panel: something the page did on the person's behalf, and why. */
export function Notice({ title, children, onDismiss, testId }: { title: string; children: React.ReactNode; onDismiss: () => void; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  // The panel may be scrolled away from where the notice appears (a phone's sheet after picking a filter): show it.
  useEffect(() => box.current?.scrollIntoView({ block: 'nearest' }), [title]);
  return (
    <div ref={box} role="status" data-testid={testId} className="mx-4 mt-3 flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0" fill="currentColor">
        <path d="M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-.9 4h1.8v5.5H9.1V6Zm0 7h1.8v1.8H9.1V13Z" />
      </svg>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        {children}
      </div>
      <button type="button" onClick={onDismiss} className="shrink-0 rounded-md px-2 py-1 font-medium text-amber-950 underline hover:bg-amber-100">
        Dismiss
      </button>
    </div>
  );
}
