import {
  type CSSProperties,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from "react";
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
}

/** A press becomes a drag after this many pixels, so a click still opens the feature. */
const DRAG_AFTER_PX = 5;

interface Drag {
  id: string;
  /** Where the pointer went down, and where it is. */
  x0: number;
  y0: number;
  x: number;
  y: number;
  /** The cells' boxes when the drag started, in list order: the slots a drop can land in. */
  slots: DOMRect[];
  /** The slot under the pointer. */
  over: number;
}

/** The slot whose centre is nearest to the pointer. */
function nearest(slots: DOMRect[], x: number, y: number): number {
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  slots.forEach((r, i) => {
    const d = (r.left + r.width / 2 - x) ** 2 + (r.top + r.height / 2 - y) ** 2;
    if (d < bestDistance) {
      bestDistance = d;
      best = i;
    }
  });
  return best;
}

/**
 * A grid of equal cells reordered with the mouse the way a phone's home screen is (issue 19): while an item
 * is dragged the others shift to make room, and the drop inserts it there, with the same order model as the
 * keyboard reorder (features/reorder.ts), never a swap with the target. Gridstack swapped equal-sized items
 * and clipped what stood out of a cell (the remove badges); here the cells are plain CSS grid cells. A few
 * pointer handlers instead of a drag-and-drop library: the workspace stays within its bundle budget.
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
}: Props) {
  const list = useRef<HTMLUListElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const ids = items.map((i) => i.id);
  // The window listeners read the latest props and state through a ref.
  const live = useRef({ ids, drag, onReorder, onDragStart });
  live.current = { ids, drag, onReorder, onDragStart };
  const press = useRef<{ id: string; x: number; y: number } | null>(null);

  useEffect(() => {
    const onMove = (e: PointerEvent) => {
      const current = live.current.drag;
      if (current) {
        setDrag({
          ...current,
          x: e.clientX,
          y: e.clientY,
          over: nearest(current.slots, e.clientX, e.clientY),
        });
        return;
      }
      const p = press.current;
      if (!p || Math.hypot(e.clientX - p.x, e.clientY - p.y) < DRAG_AFTER_PX) return;
      const cells = [...(list.current?.children ?? [])] as HTMLElement[];
      const slots = cells.map((c) => c.getBoundingClientRect());
      setDrag({
        id: p.id,
        x0: p.x,
        y0: p.y,
        x: e.clientX,
        y: e.clientY,
        slots,
        over: live.current.ids.indexOf(p.id),
      });
      live.current.onDragStart?.();
    };
    const end = (drop: boolean) => {
      press.current = null;
      const current = live.current.drag;
      if (!current) return;
      setDrag(null);
      // The click that ends a drag must not also open the feature.
      const swallow = (e: MouseEvent) => {
        e.stopPropagation();
        e.preventDefault();
      };
      window.addEventListener("click", swallow, { capture: true, once: true });
      setTimeout(() => window.removeEventListener("click", swallow, { capture: true }), 0);
      if (!drop) return;
      const order = live.current.ids;
      const next = moveBy(order, current.id, current.over - order.indexOf(current.id));
      if (next.join() !== order.join()) live.current.onReorder(next);
    };
    const onUp = () => end(true);
    const onCancel = () => end(false);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && live.current.drag) end(false);
    };
    window.addEventListener("pointermove", onMove);
    window.addEventListener("pointerup", onUp);
    window.addEventListener("pointercancel", onCancel);
    window.addEventListener("keydown", onKey);
    return () => {
      window.removeEventListener("pointermove", onMove);
      window.removeEventListener("pointerup", onUp);
      window.removeEventListener("pointercancel", onCancel);
      window.removeEventListener("keydown", onKey);
    };
  }, []);

  // While dragging, the others are shown in the order a drop here would give (they shift), and the dragged
  // cell, laid out in the slot under the pointer, is moved back under the pointer.
  const from = drag ? ids.indexOf(drag.id) : -1;
  const shown = drag && from >= 0 ? moveBy(ids, drag.id, drag.over - from) : ids;
  const byId = new Map(items.map((i) => [i.id, i]));
  const style = {
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    gridAutoRows: `${cellHeight}px`,
  } as CSSProperties;
  return (
    <ul ref={list} className={`sortable-grid ${className ?? ""}`} style={style} aria-label={label}>
      {shown.map((id) => {
        const item = byId.get(id)!;
        const dragging = drag?.id === id;
        let transform: string | undefined;
        if (drag && dragging) {
          const start = drag.slots[from];
          const now = drag.slots[drag.over];
          transform = `translate(${start.left + drag.x - drag.x0 - now.left}px, ${start.top + drag.y - drag.y0 - now.top}px)`;
        }
        const onPointerDown = (e: ReactPointerEvent) => {
          if (e.button !== 0) return;
          if (handle && !(e.target as Element).closest(handle)) return;
          press.current = { id, x: e.clientX, y: e.clientY };
        };
        return (
          <li
            key={id}
            // grid-stack-item: the name the e2e tests have always found a grid cell by.
            className={
              dragging ? "sortable-grid-item grid-stack-item dragging" : "sortable-grid-item grid-stack-item"
            }
            data-id={id}
            style={transform ? { transform } : undefined}
            onPointerDown={onPointerDown}
            // Icons are <img>s and the tiles links: the browser's own drag of either would take the pointer
            // (pointercancel) and the grid's drag would end where it started.
            onDragStart={(e) => e.preventDefault()}
          >
            {item.content}
          </li>
        );
      })}
    </ul>
  );
}
