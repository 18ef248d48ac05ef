/** A save refused because the trip was changed elsewhere: the latest version is shown instead. */
export function ConflictAlert({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div role="alert" data-testid="trip-conflict" className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <div className="flex-1">
        <p className="font-semibold">This trip was changed elsewhere</p>
        <p>Your last change was not saved. The latest version is shown; make your change again if you still want it.</p>
      </div>
      <button type="button" onClick={onDismiss} className="rounded-md px-2 py-1 font-medium underline hover:bg-amber-100">
        Dismiss
      </button>
    </div>
  );
}

/** A save that failed, and why. */
export function SaveErrorAlert({ error, onDismiss }: { error: string; onDismiss: () => void }) {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
      <p className="flex-1">Not saved: {error}</p>
      <button type="button" onClick={onDismiss} className="rounded-md px-2 py-1 font-medium underline">
        Dismiss
      </button>
    </div>
  );
}
