import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { ReactNode } from "react";

/** What a screen reader hears while a list item is moved (dnd-kit announcements). */
export function listWords(nameOf: (index: number) => string, count: number) {
  return {
    instructions:
      "To reorder, press Space to pick the item up, the arrow keys to move it, Space to drop it or Escape to cancel.",
    pickedUp: (from: number) => `Picked up ${nameOf(from)}, position ${from + 1} of ${count}.`,
    moved: (from: number, to: number) => `${nameOf(from)} moved to position ${to + 1} of ${count}.`,
    dropped: (from: number, to: number) => `${nameOf(from)} dropped at position ${to + 1} of ${count}.`,
    cancelled: (from: number) => `Moving ${nameOf(from)} was cancelled.`,
  };
}

/**
 * A vertical list whose items (useSortable with these ids) are reordered by dragging their handle, or from
 * the keyboard: focus the handle, Space, arrows, Space. Each step is announced in words, naming the item.
 * The form's lists of cards and the console's sortable tables (specials, promotions, geofences) both use it.
 */
export function SortableList({
  ids,
  nameOf,
  onMove,
  children,
}: {
  ids: string[];
  /** How the announcements name the item at an index (dnd-kit would say its id). */
  nameOf(index: number): string;
  onMove(from: number, to: number): void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    // A click on the handle is not a drag: it starts after 4 px.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: unknown) => ids.indexOf(String(id));
  const words = listWords(nameOf, ids.length);
  const announcements: Announcements = {
    onDragStart: ({ active }) => words.pickedUp(position(active.id)),
    onDragOver: ({ active, over }) =>
      over ? words.moved(position(active.id), position(over.id)) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? words.dropped(position(active.id), position(over.id)) : undefined,
    onDragCancel: ({ active }) => words.cancelled(position(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(position(active.id), position(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: words.instructions } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
