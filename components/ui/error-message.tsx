'use client';

import { explainError, mayRetry } from '@/lib/explorer/error-message';

/** An error in the page's words (what happened, what to do), the server's own text in a details line, and a retry where one may help. */
export function ErrorMessage({ error, title, onRetry, className = '' }: { error: unknown; title?: string; onRetry?: () => void; className?: string }) {
  const explained = explainError(error);
  return (
    <div role="alert" className={`rounded-lg bg-red-50 p-4 text-sm text-red-900 ${className}`}>
      <p className="font-semibold">{title ?? explained.title}</p>
      {title && <p className="mt-1">{explained.title}.</p>}
      <p className="mt-1">{explained.advice}</p>
      <details className="mt-2 text-xs">
        <summary className="w-fit cursor-pointer rounded">Technical details</summary>
        <p className="mt-1 font-mono break-words" data-testid="error-technical">
          {explained.technical}
        </p>
      </details>
      {onRetry && mayRetry(error) && (
        <button type="button" onClick={onRetry} className="mt-3 rounded-md bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-800">
          Try again
        </button>
      )}
    </div>
  );
}
