'use client';

import type { Map as MaplibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import type { TerraDraw } from 'terra-draw';
import { areaKey } from '@/lib/explorer/draw-features';
import type { Box, Circle } from '@/lib/explorer/geo';
import { drawnArea, finishShape, selectShape, shapeKind, showArea, type ShapeKind } from './area-shapes';
import { createAreaDraw } from './create-area-draw';

/**
 * `pan`: the shapes are only shown (terra-draw's static mode), so clicks and drags inside them reach the map and its
 * markers; `select` is the explicit Move mode, where the shape is grabbed, moved and resized by its handles.
 */
export type DrawMode = 'pan' | 'select' | 'circle' | 'rectangle';

const terraMode = (mode: DrawMode) => (mode === 'pan' ? 'static' : mode);

export interface AreaDrawingOptions {
  map: MaplibreMap | null;
  circle: Circle | null;
  box: Box | null;
  mode: DrawMode;
  onAreaChange: (circle: Circle | null, box: Box | null) => void;
  onModeChange: (mode: DrawMode) => void;
  beforeLayerId: string;
}

/**
 * terra-draw on the map: circle and rectangle by click-drag, then move and resize in select mode. The URL is the
 * source of truth: a finished shape is reported up, and an area set elsewhere (form, link, back) is redrawn here.
 * Entering select mode selects the shape at once, so its handles show (the circle when there are both).
 */
export function useAreaDrawing({ map, circle, box, mode, onAreaChange, onModeChange, beforeLayerId }: AreaDrawingOptions) {
  const drawRef = useRef<TerraDraw | null>(null);
  const shownKey = useRef<string>('');
  const selectedKind = useRef<ShapeKind>('circle');
  const callbacks = useRef({ onAreaChange, onModeChange });
  useEffect(() => {
    callbacks.current = { onAreaChange, onModeChange };
  });

  useEffect(() => {
    if (!map) return;
    const draw = createAreaDraw(map, beforeLayerId);
    drawRef.current = draw;

    const report = () => {
      const next = drawnArea(draw);
      shownKey.current = areaKey(next.circle, next.box);
      callbacks.current.onAreaChange(next.circle, next.box);
    };

    draw.on('select', (id) => {
      selectedKind.current = shapeKind(draw, id);
    });

    draw.on('finish', (id, context) => {
      if (finishShape(draw, id, context.action)) callbacks.current.onModeChange('pan');
      report();
    });

    return () => {
      drawRef.current = null;
      try {
        draw.stop();
      } catch {
        // The map may already be gone when the page unmounts.
      }
    };
  }, [map, beforeLayerId]);

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw || !draw.enabled) return;
    if (draw.getMode() !== terraMode(mode)) draw.setMode(terraMode(mode));
    if (mode === 'select') selectShape(draw, selectedKind.current);
  }, [mode, map]);

  useEffect(() => {
    const draw = drawRef.current;
    if (!draw) return;
    const key = areaKey(circle, box);
    if (key === shownKey.current) return;
    shownKey.current = key;
    showArea(draw, circle, box);
    // A shape moved by the keyboard (or the form) while in select mode stays selected.
    if (draw.getMode() === 'select') selectShape(draw, selectedKind.current);
  }, [circle, box, map]);

  return { selectedKind: () => selectedKind.current };
}
