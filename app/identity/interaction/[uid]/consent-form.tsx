import { SCOPE_DESCRIPTIONS, type InteractionView } from '@/lib/identity/runtime';
import { buttonPrimary, buttonSecondary, InteractionShell } from './interaction-shell';

export function ConsentForm({ view }: { view: InteractionView }) {
  return (
    <InteractionShell title={`Allow ${view.clientName}?`}>
      <p className="text-sm text-slate-600">
        <strong className="text-ink">{view.clientName}</strong> is not part of Trip Explorer. It asks to:
      </p>
      <ul className="my-4 list-disc space-y-1 pl-5 text-sm text-ink">
        <li>{SCOPE_DESCRIPTIONS.openid}</li>
        {view.scopes.map((scope) => (
          <li key={scope}>{SCOPE_DESCRIPTIONS[scope] ?? scope}</li>
        ))}
      </ul>
      <div className="flex flex-col gap-3 sm:flex-row-reverse sm:justify-start">
        <form method="post" action={`/identity/interaction/${view.uid}/consent`}>
          <input type="hidden" name="csrf" value={view.csrf} />
          <button type="submit" className={buttonPrimary} autoFocus>
            Allow
          </button>
        </form>
        <form method="post" action={`/identity/interaction/${view.uid}/abort`}>
          <input type="hidden" name="csrf" value={view.csrf} />
          <button type="submit" className={buttonSecondary}>
            Deny
          </button>
        </form>
      </div>
    </InteractionShell>
  );
}
