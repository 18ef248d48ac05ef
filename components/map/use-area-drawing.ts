'use client';

import type { Map as MaplibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { TerraDraw, TerraDrawCircleMode, TerraDrawRectangleMode, TerraDrawSelectMode } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { areaKey, boxFeature, boxFromFeature, circleFeature, circleFromFeature, type DrawFeature, ringRadiusMeters } from '@/lib/explorer/draw-features';
import type { Box, Circle } from '@/lib/explorer/geo';

/**
 * `pan`: the shapes are only shown (terra-draw's static mode), so clicks and drags inside them reach the map and its
 * markers; `select` is the explicit Move mode, where the shape is grabbed, moved and resized by its handles.
 */
export type DrawMode = 'pan' | 'select' | 'circle' | 'rectangle';

const terraMode = (mode: DrawMode) => (mode === 'pan' ? 'static' : mode);

interface Options {
  map: MaplibreMap | null;
  circle: Circle | null;
  box: Box | null;
  mode: DrawMode;
  onAreaChange: (circle: Circle | null, box: Box | null) => void;
  onModeChange: (mode: DrawMode) => void;
  beforeLayerId: string;
}

const shapeStyle = { fillColor: '#1f8a70', fillOpacity: 0.1, outlineColor: '#17705b', outlineWidth: 2 } as const;

function selectShape(draw: TerraDraw, preferred: 'circle' | 'rectangle') {
  const shapes = draw.getSnapshot();
  const shape = shapes.find((f) => f.properties.mode === preferred) ?? shapes[0];
  if (shape?.id !== undefined && !shape.properties.selected) draw.selectFeature(shape.id);
}

/**
 * terra-draw on the map: circle and rectangle by click-drag, then move and resize in select mode. The URL is the
 * source of truth: a finished shape is reported up, and an area set elsewhere (form, link, back) is redrawn here.
 * Entering select mode selects the shape at once, so its handles show (the circle when there are both).
 */
export function useAreaDrawing({ map, circle, box, mode, onAreaChange, onModeChange, beforeLayerId }: Options) {
  const drawRef = useRef<TerraDraw | null>(null);
  const shownKey = useRef<string>('');
  const selectedKind = useRef<'circle' | 'rectangle'>('circle');
  const callbacks = useRef({ onAreaChange, onModeChange });
  useEffect(() => {
    callbacks.current = { onAreaChange, onModeChange };
  });

  useEffect(() => {
    if (!map) return;
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, renderBelowLayerId: beforeLayerId, coordinatePrecision: 6 }),
      modes: [
        new TerraDrawSelectMode({
          flags: {
            circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
            rectangle: { feature: { draggable: true, coordinates: { resizable: 'opposite' } } },
          },
          styles: {
            selectedPolygonColor: '#1f8a70',
            selectedPolygonFillOpacity: 0.16,
            selectedPolygonOutlineColor: '#125a49',
            selectedPolygonOutlineWidth: 3,
            // Every vertex of a selected shape is a resize handle: small brand dots read as a dotted edge.
            selectionPointColor: '#125a49',
            selectionPointWidth: 3,
            selectionPointOutlineColor: '#ffffff',
            selectionPointOutlineWidth: 1,
          },
        }),
        new TerraDrawCircleMode({ drawInteraction: 'click-drag', styles: shapeStyle }),
        new TerraDrawRectangleMode({ drawInteraction: 'click-drag', styles: shapeStyle }),
      ],
    });
    draw.start();
    draw.setMode('static');
    drawRef.current = draw;

    const report = () => {
      const features = draw.getSnapshot() as unknown as DrawFeature[];
      const circleShape = features.filter((f) => f.properties.mode === 'circle').at(-1);
      const boxShape = features.filter((f) => f.properties.mode === 'rectangle').at(-1);
      const nextCircle = circleShape ? circleFromFeature(circleShape) : null;
      const nextBox = boxShape ? boxFromFeature(boxShape) : null;
      shownKey.current = areaKey(nextCircle, nextBox);
      callbacks.current.onAreaChange(nextCircle, nextBox);
    };

    draw.on('select', (id) => {
      selectedKind.current = draw.getSnapshotFeature(id)?.properties.mode === 'rectangle' ? 'rectangle' : 'circle';
    });

    draw.on('finish', (id, context) => {
      if (context.action === 'dragCoordinateResize') {
        const resized = draw.getSnapshotFeature(id) as unknown as DrawFeature | undefined;
        const meters = resized?.properties.mode === 'circle' ? ringRadiusMeters(resized) : null;
        if (meters) draw.updateFeatureProperties(id, { radiusKilometers: meters / 1000 });
      }
      if (context.action === 'draw') {
        // One circle and one box at most: a new shape replaces the previous one of its kind.
        const drawn = draw.getSnapshotFeature(id);
        const stale = draw
          .getSnapshot()
          .filter((f) => f.id !== id && f.properties.mode === drawn?.properties.mode)
          .map((f) => f.id as string);
        if (stale.length) draw.removeFeatures(stale);
        draw.setMode('static');
        callbacks.current.onModeChange('pan');
      }
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
    draw.clear();
    const features = [...(circle ? [circleFeature(circle)] : []), ...(box ? [boxFeature(box)] : [])];
    if (features.length) draw.addFeatures(features as Parameters<TerraDraw['addFeatures']>[0]);
    // A shape moved by the keyboard (or the form) while in select mode stays selected.
    if (draw.getMode() === 'select') selectShape(draw, selectedKind.current);
  }, [circle, box, map]);

  return { selectedKind: () => selectedKind.current };
}
