import { type KeyboardCoordinateGetter, KeyboardCode, type UniqueIdentifier } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/**
 * Up and Down move a stop being dragged by the keyboard one place each press, whatever the cards' heights: to the
 * stop above or below the one it was last moved to, in the list's order, its middle put on that stop's middle (so
 * `closestCenter` picks it). dnd-kit's own `sortableKeyboardCoordinates` looks for the nearest card in the arrow's
 * direction, and with cards of different heights (a leg's notes, an open plan) some presses land on the card it is
 * over already and do nothing (clauderic/dnd-kit#137, #985). The place it was last moved to is kept here, not read
 * from dnd-kit's `over`, which is known only after the page has drawn the move: presses that come faster than that
 * (a busy page) each still count. `reset` at each pick-up. Any other key is dnd-kit's.
 */
export function stopKeyboardSteps(): { getter: KeyboardCoordinateGetter; reset: () => void } {
  let movedTo: UniqueIdentifier | null = null;
  const getter: KeyboardCoordinateGetter = (event, args) => {
    const step = event.code === KeyboardCode.Down ? 1 : event.code === KeyboardCode.Up ? -1 : 0;
    const { active, over, collisionRect, droppableRects, droppableContainers } = args.context;
    if (!step || !active || !collisionRect) return sortableKeyboardCoordinates(event, args);
    event.preventDefault();
    const ordered = droppableContainers
      .getEnabled()
      .flatMap((container) => {
        const rect = droppableRects.get(container.id);
        return rect ? [{ id: container.id, rect }] : [];
      })
      .sort((a, b) => a.rect.top - b.rect.top);
    const at = ordered.findIndex((entry) => entry.id === (movedTo ?? over?.id ?? active.id));
    const target = ordered[at + step];
    if (at < 0 || !target) return undefined;
    movedTo = target.id;
    return { x: target.rect.left, y: target.rect.top + target.rect.height / 2 - collisionRect.height / 2 };
  };
  return {
    getter,
    reset: () => {
      movedTo = null;
    },
  };
}
