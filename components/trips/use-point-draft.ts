import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchJson } from '@/lib/explorer/fetch-json';
import type { ListSearchResponse } from '@/lib/explorer/types';
import { POINT_NAME_RADIUS_M, proposedPointName } from '@/lib/trips/point-name';

/** The custom stop being typed: its name and coordinates, filled in from a point picked on the map. */
export function usePointDraft(picked: [number, number] | null) {
  const [name, setName] = useState('');
  const [lat, setLat] = useState('');
  const [lon, setLon] = useState('');

  // A new pick on the map fills the coordinates (adjusted while rendering, not in an effect).
  const [shownPick, setShownPick] = useState(picked);
  if (picked !== shownPick) {
    setShownPick(picked);
    if (picked) {
      setLon(String(picked[0]));
      setLat(String(picked[1]));
    }
  }

  // A picked point is proposed a name after the nearest known place's town ("Near Moab, UT"), filled in while the
  // traveler has not typed one of their own (and taken back for the next pick); far from any place, they name it.
  const center = picked ? `${picked[0]},${picked[1]}` : null;
  const nearest = useQuery({
    queryKey: ['trip-point-name', center],
    queryFn: ({ signal }) => fetchJson<ListSearchResponse>(`/api/places/search?center=${center}&radius=${POINT_NAME_RADIUS_M}&sort=distance&limit=1`, signal),
    enabled: center !== null,
    staleTime: 10 * 60_000,
  });
  const proposed = picked && nearest.data ? proposedPointName(nearest.data.data[0]) : null;
  const [shownProposal, setShownProposal] = useState<string | null>(null);
  if (proposed !== shownProposal) {
    setShownProposal(proposed);
    if (name.trim() === '' || name === shownProposal) setName(proposed ?? '');
  }

  const clear = () => {
    setName('');
    setLat('');
    setLon('');
  };
  return { name, setName, lat, setLat, lon, setLon, proposed, clear };
}
