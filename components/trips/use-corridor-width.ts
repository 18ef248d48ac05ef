import { useState } from 'react';
import type { Units } from '@/lib/explorer/geo';
import { CORRIDOR } from '@/lib/trips/corridor';

/**
 * The corridor's width in the traveler's units, as typed and as searched with; a change of units starts it again at
 * that unit's usual width.
 */
export function useCorridorWidth(units: Units) {
  const [width, setWidth] = useState(String(CORRIDOR[units].initial));
  const [appliedWidth, setAppliedWidth] = useState(CORRIDOR[units].initial);
  const [widthUnits, setWidthUnits] = useState(units);
  if (widthUnits !== units) {
    setWidthUnits(units);
    setWidth(String(CORRIDOR[units].initial));
    setAppliedWidth(CORRIDOR[units].initial);
  }
  return { width, setWidth, appliedWidth, setAppliedWidth };
}
