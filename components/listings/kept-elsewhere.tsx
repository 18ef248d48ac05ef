/** To a member of the organization that keeps a place, exploring as another: which keeps it, and how to switch. */
export function KeptElsewhere({ keeper, active }: { keeper: string; active: string | null }) {
  return (
    <p role="alert" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-950">
      {keeper} keeps this place, and you explore as {active ?? 'no organization'}: choose {keeper} in the organization switcher at the top (on a phone, in the account menu) to edit its listing.
    </p>
  );
}
