import type { ChipState } from '@/lib/explorer/chip-order';

/** The mark of a chip's state, the same size in each so a chip never changes width: +, ✓ or ⊘. */
export function ChipIcon({ state }: { state: ChipState }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      {state === 'include' && <path d="m3.5 8.5 3 3 6-7" />}
      {state === 'exclude' && (
        <>
          <circle cx="8" cy="8" r="5.5" />
          <path d="m4.2 11.8 7.6-7.6" />
        </>
      )}
      {state === 'off' && <path d="M8 3.5v9M3.5 8h9" />}
    </svg>
  );
}
