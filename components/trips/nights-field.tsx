import { useId, useState } from 'react';
import { MAX_NIGHTS } from '@/lib/trips/limits';
import { nightsEntry, nightsKeptSentence } from '@/lib/trips/nights-entry';
import { FieldProblem } from './field-problem';
import { useSavedDraft } from './use-saved-draft';

/**
 * A stop's nights: each keystroke that makes a whole number from 0 to 365 is saved; anything else stays as typed,
 * marked and said, until it is mended or the field is left, which puts back the saved number and says so. An empty
 * field (emptied to type another number) waits.
 */
export function NightsField({ nights, onSave }: { nights: number; onSave: (nights: number) => void }) {
  const [draft, setDraft] = useSavedDraft(String(nights));
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  return (
    <div className="flex flex-col gap-1 text-slate-700">
      <label className="flex flex-col gap-1">
        Nights
        <input
          type="number"
          min={0}
          max={MAX_NIGHTS}
          step={1}
          value={draft}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => {
            setDraft(e.target.value);
            const entry = nightsEntry(e.target.value, e.target.validity.badInput);
            setProblem('invalid' in entry ? entry.invalid : null);
            if ('save' in entry && entry.save !== nights) onSave(entry.save);
          }}
          onBlur={() => {
            if (problem) setProblem(nightsKeptSentence(nights));
            setDraft(String(nights));
          }}
          className="rounded-md border border-slate-300 px-2 py-1.5 text-ink aria-invalid:border-red-600"
        />
      </label>
      <FieldProblem id={problemId} problem={problem} />
    </div>
  );
}
