import { ChipIcon } from './chip-icon';

/** How tag and chain chips work, on screen for everyone. */
export function ChipLegend() {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600" data-testid="chip-legend">
      <span className="inline-flex items-center gap-1">
        <span className="inline-flex rounded-full bg-brand-600 p-0.5 text-white"><ChipIcon state="include" /></span>
        Press once: only these
      </span>
      <span className="inline-flex items-center gap-1">
        <span className="inline-flex rounded-full border border-red-300 bg-red-50 p-px text-red-800"><ChipIcon state="exclude" /></span>
        Twice: leave out
      </span>
      <span>A third time: clear</span>
    </p>
  );
}
