import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import type { TripStop } from '@/lib/trips/model';

const nameOf = (stops: TripStop[], id: unknown) => stops.find((s) => s.id === id)?.name ?? 'the stop';
const positionOf = (stops: TripStop[], id: unknown) => stops.findIndex((s) => s.id === id) + 1;

/** What a screen reader is told while a stop is moved: how to move it, and where it is as it goes. */
export function stopDragAccessibility(stops: TripStop[]): { screenReaderInstructions: ScreenReaderInstructions; announcements: Announcements } {
  return {
    screenReaderInstructions: { draggable: 'To move a stop, press Space, then the up and down arrows, then Space again to drop it, or Escape to cancel.' },
    announcements: {
      onDragStart: ({ active }) => `Picked up ${nameOf(stops, active.id)}, stop ${positionOf(stops, active.id)} of ${stops.length}.`,
      onDragOver: ({ active, over }) => (over ? `${nameOf(stops, active.id)} is now at position ${positionOf(stops, over.id)}.` : undefined),
      onDragEnd: ({ active, over }) => (over ? `${nameOf(stops, active.id)} dropped at position ${positionOf(stops, over.id)}.` : `${nameOf(stops, active.id)} dropped.`),
      onDragCancel: ({ active }) => `Moving ${nameOf(stops, active.id)} was cancelled.`,
    },
  };
}
