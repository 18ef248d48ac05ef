import type { TerraDraw } from 'terra-draw';
import { boxFeature, boxFromFeature, circleFeature, circleFromFeature, type DrawFeature, ringRadiusMeters } from '@/lib/explorer/draw-features';
import type { Box, Circle } from '@/lib/explorer/geo';

type ShapeId = Parameters<TerraDraw['getSnapshotFeature']>[0];
export type ShapeKind = 'circle' | 'rectangle';

/** The area the drawn shapes make: the latest circle and the latest box. */
export function drawnArea(draw: TerraDraw): { circle: Circle | null; box: Box | null } {
  const features = draw.getSnapshot() as unknown as DrawFeature[];
  const circleShape = features.filter((f) => f.properties.mode === 'circle').at(-1);
  const boxShape = features.filter((f) => f.properties.mode === 'rectangle').at(-1);
  return { circle: circleShape ? circleFromFeature(circleShape) : null, box: boxShape ? boxFromFeature(boxShape) : null };
}

/** Replaces the drawn shapes with those of an area set elsewhere (the form, a link, going back). */
export function showArea(draw: TerraDraw, circle: Circle | null, box: Box | null) {
  draw.clear();
  const features = [...(circle ? [circleFeature(circle)] : []), ...(box ? [boxFeature(box)] : [])];
  if (features.length) draw.addFeatures(features as Parameters<TerraDraw['addFeatures']>[0]);
}

export function shapeKind(draw: TerraDraw, id: ShapeId): ShapeKind {
  return draw.getSnapshotFeature(id)?.properties.mode === 'rectangle' ? 'rectangle' : 'circle';
}

/** Selects a shape, so its handles show: the preferred kind when there is one. */
export function selectShape(draw: TerraDraw, preferred: ShapeKind) {
  const shapes = draw.getSnapshot();
  const shape = shapes.find((f) => f.properties.mode === preferred) ?? shapes[0];
  if (shape?.id !== undefined && !shape.properties.selected) draw.selectFeature(shape.id);
}

/** A circle resized by its handles keeps its radius property in step with its ring. */
function keepCircleRadius(draw: TerraDraw, id: ShapeId) {
  const resized = draw.getSnapshotFeature(id) as unknown as DrawFeature | undefined;
  const meters = resized?.properties.mode === 'circle' ? ringRadiusMeters(resized) : null;
  if (meters) draw.updateFeatureProperties(id, { radiusKilometers: meters / 1000 });
}

/** One circle and one box at most: a new shape replaces the previous one of its kind. */
function removeOlderOfKind(draw: TerraDraw, id: ShapeId) {
  const drawn = draw.getSnapshotFeature(id);
  const stale = draw
    .getSnapshot()
    .filter((f) => f.id !== id && f.properties.mode === drawn?.properties.mode)
    .map((f) => f.id as string);
  if (stale.length) draw.removeFeatures(stale);
}

/**
 * Tidies a shape the user finished: a resized circle keeps its radius; a drawn shape replaces the previous one of its
 * kind and ends the drawing (back to terra-draw's static mode). Whether it was a drawn shape.
 */
export function finishShape(draw: TerraDraw, id: ShapeId, action: string): boolean {
  if (action === 'dragCoordinateResize') keepCircleRadius(draw, id);
  if (action !== 'draw') return false;
  removeOlderOfKind(draw, id);
  draw.setMode('static');
  return true;
}
