import type { Place } from '@/lib/explorer/types';
import { GalleryPhotoReport, travelerPhotoId } from './gallery-photo-report';

const WIDTH_ORDER = ['thumbnail', 'small', 'medium', 'large'] as const;

export function PlaceGallery({ place }: { place: Place }) {
  const images = (place.images ?? []).filter((i) => i.enabled);
  if (images.length === 0) return <p className="text-sm text-slate-500">No photos yet.</p>;
  return (
    <ul className="grid grid-cols-2 gap-2" data-testid="place-gallery">
      {images.map((image, index) => {
        const sizes = image.sizes ?? {};
        const srcSet = WIDTH_ORDER.map((k) => sizes[k] && `${sizes[k].url} ${sizes[k].width}w`).filter(Boolean).join(', ');
        const src = sizes.small?.url ?? sizes.medium?.url ?? image.image_url;
        const photoId = travelerPhotoId(image.image_url);
        return (
          <li key={image.image_url}>
            <a href={sizes.large?.url ?? image.image_url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-lg">
              {/* eslint-disable-next-line @next/next/no-img-element -- the API serves ready-made size variants */}
              <img
                src={src}
                srcSet={srcSet || undefined}
                sizes="(min-width: 768px) 200px, 48vw"
                width={320}
                height={240}
                loading="lazy"
                alt={`Photo ${index + 1} of ${place.name}`}
                className="aspect-[4/3] w-full bg-slate-100 object-cover transition-transform hover:scale-105"
              />
            </a>
            {photoId && <GalleryPhotoReport placeId={place.id} photoId={photoId} what={`photo ${index + 1} of ${place.name}`} />}
          </li>
        );
      })}
    </ul>
  );
}
