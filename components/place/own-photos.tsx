'use client';

import { useState } from 'react';
import { ConfirmAction } from '@/components/ui/confirm-action';
import { removePhoto } from '@/lib/explorer/reviews-api';
import type { OwnPhotoView } from '@/lib/reviews/explorer/photos';

/** The reader's own photos of the place, each with Remove…: gone from the gallery and the Place API once removed. */
export function OwnPhotos({ photos, placeName, onRemoved }: { photos: OwnPhotoView[]; placeName: string; onRemoved: () => void }) {
  const [status, setStatus] = useState<{ kind: 'removed' } | { kind: 'error'; message: string } | null>(null);
  if (!photos.length && !status) return null;
  const remove = async (id: string) => {
    try {
      await removePhoto(id);
      setStatus({ kind: 'removed' });
      onRemoved();
    } catch (err) {
      setStatus({ kind: 'error', message: (err as Error).message });
    }
  };
  return (
    <div className="mt-3 text-sm" data-testid="own-photos">
      {photos.length > 0 && (
        <>
          <h4 className="font-medium text-slate-800">Your photos of {placeName}</h4>
          <ul className="mt-1 space-y-2">
            {photos.map((photo, index) => (
              <li key={photo.id} className="flex items-center gap-3 text-xs">
                {photo.hidden ? (
                  <span className="flex-1 rounded bg-amber-50 px-2 py-1 text-amber-900 ring-1 ring-amber-200">
                    Your photo {index + 1} was hidden by the site’s moderators ({photo.hidden.reason}): only you see this.
                  </span>
                ) : (
                  // eslint-disable-next-line @next/next/no-img-element -- the server serves the thumbnail ready-made
                  <img src={photo.thumbnail} width={48} height={48} alt={`Your photo ${index + 1}`} className="h-12 w-12 rounded object-cover" />
                )}
                <ConfirmAction
                  label="Remove…"
                  accessibleLabel={`Remove your photo ${index + 1}…`}
                  question="Remove this photo?"
                  confirm="Remove"
                  keep="Keep it"
                  onConfirm={() => void remove(photo.id)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {status?.kind === 'removed' && (
        <p role="status" className="mt-1 text-xs text-slate-700">
          Photo removed.
        </p>
      )}
      {status?.kind === 'error' && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {status.message}
        </p>
      )}
    </div>
  );
}
