import { forwardRef } from 'react';

export type Said = { text: string; error: boolean } | null;

/**
 * What a moderator's last decision did, or why it failed. The card acted on leaves its list, so focus comes here
 * rather than to the page's start.
 */
export const DecisionStatus = forwardRef<HTMLDivElement, { said: Said }>(function DecisionStatus({ said }, ref) {
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <p role="status" className="text-sm text-emerald-800">
        {said && !said.error ? said.text : ''}
      </p>
      {said?.error && (
        <p role="alert" className="text-sm text-red-700">
          {said.text}
        </p>
      )}
    </div>
  );
});
