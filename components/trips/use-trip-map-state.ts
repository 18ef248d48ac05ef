import { useCallback, useState } from 'react';
import type { PlaceListItem } from '@/lib/explorer/types';
import type { OvernightPoint } from './overnight-planner';

/** What the trip page's map shows besides the stops: the point picked, places found, overnights, the place open, an area asked for. */
export function useTripMapState() {
  const [picked, setPicked] = useState<[number, number] | null>(null);
  const [found, setFound] = useState<PlaceListItem[]>([]);
  const showFound = useCallback((places: PlaceListItem[]) => setFound(places), []);
  const [overnights, setOvernights] = useState<OvernightPoint[]>([]);
  const [openPlace, setOpenPlace] = useState<number | null>(null);
  const closePlace = useCallback(() => setOpenPlace(null), []);
  const [fit, setFit] = useState<{ bounds: [[number, number], [number, number]] } | null>(null);
  return { picked, setPicked, found, showFound, overnights, setOvernights, openPlace, setOpenPlace, closePlace, fit, setFit };
}
