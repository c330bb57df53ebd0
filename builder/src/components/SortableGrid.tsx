import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { CSSProperties, ReactNode, PointerEvent as ReactPointerEvent } from "react";
import { moveBy } from "../features/reorder.ts";

export interface SortableGridItem {
  id: string;
  content: ReactNode;
}

interface Props {
  items: SortableGridItem[];
  columns: number;
  cellHeight: number;
  /** After a drop: the ids in their new order (the dragged one inserted where it was dropped). */
  onReorder(ids: string[]): void;
  onDragStart?(): void;
  className?: string;
  label: string;
  /** Selector of the element that starts a drag (default: the whole item). */
  handle?: string;
  /** How the screen-reader announcements of a mouse drag name an item (dnd-kit would read its id). */
  nameOf(id: string): string;
}

/**
 * A grid of equal cells reordered with the mouse the way a phone's home screen is (issue 19): while an item
 * is dragged the others shift to make room, and the drop inserts it there — the same order model as the
 * keyboard reorder (features/reorder.ts), never a swap with the target. Gridstack swapped equal-sized items
 * and clipped what stood out of a cell (the remove badges); here the cells are plain CSS grid cells.
 */
export function SortableGrid({
  items,
  columns,
  cellHeight,
  onReorder,
  onDragStart,
  className,
  label,
  handle,
  nameOf,
}: Props) {
  // A press turns into a drag only after 5 px, so a click still opens the feature and the remove badge
  // still removes.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const ids = items.map((i) => i.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const id = String(active.id);
    onReorder(moveBy(ids, id, ids.indexOf(String(over.id)) - ids.indexOf(id)));
  };
  const at = (id: unknown) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${nameOf(String(active.id))} picked up, position ${at(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(String(active.id))} is over position ${at(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(String(active.id))} dropped at position ${at(over.id)}.` : undefined,
    onDragCancel: ({ active }) => `Reorder cancelled. ${nameOf(String(active.id))} is back in its place.`,
  };
  const style = {
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    gridAutoRows: `${cellHeight}px`,
  } as CSSProperties;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={() => onDragStart?.()}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className={`sortable-grid ${className ?? ""}`} style={style} aria-label={label}>
          {items.map((item) => (
            <SortableCell key={item.id} id={item.id} handle={handle}>
              {item.content}
            </SortableCell>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableCell({ id, handle, children }: { id: string; handle?: string; children: ReactNode }) {
  const { listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  // Only the handle starts a drag: a press on another control in the cell (the remove badge) stays a click.
  // dnd-kit's own attributes (role, tabindex) are left off: the cell's buttons are what the keyboard reaches.
  const onPointerDown = (e: ReactPointerEvent) => {
    if (!handle || (e.target as Element).closest(handle)) listeners?.onPointerDown?.(e);
  };
  return (
    <li
      ref={setNodeRef}
      // grid-stack-item: the name the e2e tests have always found a grid cell by.
      className={
        isDragging ? "sortable-grid-item grid-stack-item dragging" : "sortable-grid-item grid-stack-item"
      }
      data-id={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onPointerDown={onPointerDown}
    >
      {children}
    </li>
  );
}
