'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { placeReviewsQuery, refreshPlaceReviews } from '@/lib/explorer/queries/reviews-query';
import { PHOTO_TYPES, uploadPlacePhoto } from '@/lib/explorer/reviews-api';
import type { Place } from '@/lib/explorer/types';
import { OwnPhotos } from './own-photos';

/**
 * "Add a photo" for a signed-in traveler: JPEG, PNG, WebP or a phone's HEIC, up to 15 MB; shown in the gallery once
 * kept; and their own photos of the place, to remove.
 */
export function AddPlacePhoto({ place }: { place: Place }) {
  const id = useId();
  const queryClient = useQueryClient();
  const reviews = useQuery(placeReviewsQuery(place.id)).data;
  const viewer = reviews?.viewer;
  const [state, setState] = useState<{ kind: 'idle' | 'sending' | 'added' } | { kind: 'error'; message: string }>({ kind: 'idle' });
  if (!viewer) return null;

  // The gallery (the place's details) and the list of one's own photos.
  const refresh = () => refreshPlaceReviews(queryClient, place.id);
  const send = async (file: File) => {
    setState({ kind: 'sending' });
    try {
      await uploadPlacePhoto(place.id, file);
      setState({ kind: 'added' });
      refresh();
    } catch (err) {
      setState({ kind: 'error', message: (err as Error).message });
    }
  };
  return (
    <div className="mt-3 text-sm">
      <label htmlFor={id} className="font-medium text-slate-800">
        Add a photo
      </label>
      <p className="text-xs text-slate-600">JPEG, PNG, WebP or HEIC, up to 15 MB. Its location and camera details are removed.</p>
      <input
        id={id}
        type="file"
        accept={PHOTO_TYPES}
        disabled={state.kind === 'sending'}
        data-testid="add-place-photo"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-medium file:text-brand-700 hover:file:bg-brand-100"
      />
      {state.kind === 'sending' && (
        <p role="status" className="mt-1 text-xs text-slate-700">
          Sending the photo…
        </p>
      )}
      {state.kind === 'added' && (
        <p role="status" className="mt-1 text-xs text-slate-700">
          Photo added. Thank you!
        </p>
      )}
      {state.kind === 'error' && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {state.message}
        </p>
      )}
      <OwnPhotos photos={reviews?.ownPhotos ?? []} placeName={place.name} onRemoved={refresh} />
    </div>
  );
}
