'use client';

import type { Map as MaplibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import type { Box, Circle } from '@/lib/explorer/geo';
import { nudgeBox, nudgeCircle, nudgeOfKey } from '@/lib/explorer/nudge-area';
import type { DrawMode } from './use-area-drawing';

interface Options {
  map: MaplibreMap | null;
  mode: DrawMode;
  circle: Circle | null;
  box: Box | null;
  selectedKind: () => 'circle' | 'rectangle';
  onAreaChange: (circle: Circle | null, box: Box | null) => void;
  onModeChange: (mode: DrawMode) => void;
}

const STEP_PX = 40;

/** Where the keys belong to the shape: the map, the area tools, or nowhere in particular (not a field or a list). */
function keysForShape(target: EventTarget | null): boolean {
  if (!(target instanceof Element) || target === document.body) return true;
  return Boolean(target.closest('[data-testid="map"], [data-area-tools]'));
}

/** In Move mode, the arrow keys move the selected shape (Shift: four times further) and Escape leaves the mode. */
export function useShapeKeys({ map, mode, circle, box, selectedKind, onAreaChange, onModeChange }: Options) {
  const latest = useRef({ circle, box, selectedKind, onAreaChange, onModeChange });
  useEffect(() => {
    latest.current = { circle, box, selectedKind, onAreaChange, onModeChange };
  });

  useEffect(() => {
    if (!map || mode !== 'select') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || !keysForShape(event.target)) return;
      const { circle, box, selectedKind, onAreaChange, onModeChange } = latest.current;
      if (event.key === 'Escape') {
        event.preventDefault();
        onModeChange('pan');
        return;
      }
      const direction = nudgeOfKey(event.key);
      if (!direction || (!circle && !box)) return;
      // Before maplibre's own keyboard handler, which would pan the map instead.
      event.preventDefault();
      event.stopPropagation();
      const pixels = event.shiftKey ? STEP_PX * 4 : STEP_PX;
      const moveCircle = circle && (selectedKind() === 'circle' || !box);
      if (moveCircle) onAreaChange(nudgeCircle(circle, direction, pixels, map), box);
      else if (box) onAreaChange(circle, nudgeBox(box, direction, pixels, map));
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [map, mode]);
}
