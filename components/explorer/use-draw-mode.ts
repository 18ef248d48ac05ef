'use client';

import { useEffect, useState } from 'react';
import type { DrawMode } from '@/components/map/use-area-drawing';

/** The map's drawing mode (pan, circle, box). Escape leaves a drawing mode for panning, wherever the focus is. */
export function useDrawMode() {
  const [drawMode, setDrawMode] = useState<DrawMode>('pan');
  useEffect(() => {
    if (drawMode === 'pan') return;
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setDrawMode('pan');
    };
    window.addEventListener('keydown', leave);
    return () => window.removeEventListener('keydown', leave);
  }, [drawMode]);
  return [drawMode, setDrawMode] as const;
}
