'use client';

import dynamic from 'next/dynamic';
import { useId, useState } from 'react';

// The trip list, the new-trip form and the trips' client load on the first press: every result card has this
// button, and the first view hydrates only the button.
const TripChoices = dynamic(() => import('./trip-choices').then((m) => m.TripChoices));

interface Props {
  placeId: number;
  /** On a result card: the place's name (the list has one button per result, so each says whose it is). */
  placeName?: string;
  /** On a result card: the card itself, which the compact button sits beside. */
  card?: React.ReactNode;
  /** The card row's colours (hover, selected), so the button beside the card shares them. */
  cardRowClassName?: string;
}

function PlusIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M10 4v12M4 10h12" />
    </svg>
  );
}

/** "Add to trip", in a place's drawer or beside a result card: to an existing trip or a new one. */
export function AddToTrip({ placeId, placeName, card, cardRowClassName = '' }: Props) {
  const [open, setOpen] = useState(false);
  // Each opening reads my trips afresh, in a new TripChoices (its key): what an earlier one said is gone.
  const [openings, setOpenings] = useState(0);
  const panel = useId();
  const toggle = () => {
    if (!open) setOpenings((n) => n + 1);
    setOpen(!open);
  };

  return (
    <div className={card ? 'text-sm' : 'shrink-0 border-t border-slate-200 bg-white px-5 py-3 text-sm'} data-testid={card ? 'add-to-trip-from-list' : 'add-to-trip'}>
      {card ? (
        <div className={`flex items-center ${cardRowClassName}`}>
          {card}
          <button
            type="button"
            aria-expanded={open}
            aria-controls={openings > 0 ? panel : undefined}
            aria-label={`Add ${placeName ?? 'this place'} to a trip`}
            title="Add to trip"
            onClick={toggle}
            className="mr-3 shrink-0 rounded-md border border-slate-300 bg-white p-1.5 text-slate-700 hover:bg-slate-100 hover:text-ink"
          >
            <PlusIcon />
          </button>
        </div>
      ) : (
        <button type="button" aria-expanded={open} aria-controls={openings > 0 ? panel : undefined} onClick={toggle} className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700">
          Add to trip
        </button>
      )}
      {openings > 0 && <TripChoices key={openings} placeId={placeId} open={open} panelId={panel} compact={Boolean(card)} onAdded={() => setOpen(false)} />}
    </div>
  );
}
