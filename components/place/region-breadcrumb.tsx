import type { Region } from '@/lib/explorer/types';

interface Props {
  regions: Region[] | undefined;
  onFit: (bounds: [[number, number], [number, number]]) => void;
}

/** The place's regions, widest first; each one with bounds zooms the map to them. */
export function RegionBreadcrumb({ regions, onFit }: Props) {
  if (!regions?.length) return null;
  return (
    <nav aria-label="Regions" className="px-5 pb-2">
      <ol className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
        {regions.map((region, i) => (
          <li key={region.id} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">›</span>}
            {region.bounds ? (
              <button type="button" onClick={() => onFit(region.bounds!)} className="rounded text-brand-700 underline hover:text-brand-600" title={`Zoom the map to ${region.name}`}>
                {region.name}
              </button>
            ) : (
              <span>{region.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
