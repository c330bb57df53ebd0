import "gridstack/dist/gridstack.css";
import { GridStack } from "gridstack";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { moveBy } from "../features/reorder.ts";

export interface GridItem {
  id: string;
  /** Width in grid columns. */
  w: number;
  /** Height in cells. */
  h: number;
  content: ReactNode;
}

interface Props {
  items: GridItem[];
  columns: number;
  cellHeight: number;
  /** After a drop: the ids in their new order (the dropped one inserted where it landed, the others shifted). */
  onReorder(ids: string[]): void;
  onDragStart?(): void;
  className?: string;
  label: string;
  /** Selector of the element that starts a drag (default: the whole item). */
  handle?: string;
}

/**
 * A gridstack grid over React-rendered items. Gridstack moves the DOM it is given, so the grid is rebuilt
 * (by key) whenever the items or their sizes change instead of React and gridstack both editing the DOM.
 */
export function GridstackList(props: Props) {
  const layoutKey = props.items.map((i) => `${i.id}:${i.w}x${i.h}`).join("|");
  return <Grid key={`${props.columns}/${layoutKey}`} {...props} />;
}

function Grid({ items, columns, cellHeight, onReorder, onDragStart, className, label, handle }: Props) {
  const el = useRef<HTMLUListElement>(null);
  // Read through a ref: content changes (editing mode's remove buttons) must not rebuild the grid mid-drag.
  const handlers = useRef({ onReorder, onDragStart, items });
  handlers.current = { onReorder, onDragStart, items };
  useLayoutEffect(() => {
    const grid = GridStack.init(
      {
        column: columns,
        cellHeight,
        margin: 5,
        disableResize: true,
        animate: false,
        columnOpts: { breakpoints: [] },
        // Items are buttons (click to edit). Gridstack never starts a drag on a button unless the button
        // is the handle itself, so the handle is named; other buttons (remove) keep their clicks.
        draggable: { handle: handle ?? ".grid-stack-item-content" },
      },
      el.current!,
    );
    if (!grid) return;
    grid.on("dragstart", () => handlers.current.onDragStart?.());
    grid.on("dragstop", (_event, dragged) => {
      const landed = [...(grid.engine.nodes ?? [])]
        .sort((a, b) => (a.y ?? 0) - (b.y ?? 0) || (a.x ?? 0) - (b.x ?? 0))
        .map((n) => (n.el as HTMLElement | undefined)?.dataset.id ?? "");
      // Gridstack swaps the dropped item with the one it landed on; the list instead inserts it at the place
      // where it landed and shifts the others (issue 19), like the keyboard reorder and the feature grid.
      const id = (dragged as HTMLElement).dataset.id ?? "";
      const before = handlers.current.items.map((i) => i.id);
      const order = moveBy(before, id, landed.indexOf(id) - before.indexOf(id));
      if (order.join() !== before.join()) handlers.current.onReorder(order);
    });
    return () => {
      grid.destroy(false);
    };
  }, [columns, cellHeight, handle]);

  // Positions follow the reading order so the grid shows the list order before anything moves.
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  const placed = items.map((item) => {
    if (x + item.w > columns) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const at = { ...item, x, y };
    x += item.w;
    rowHeight = Math.max(rowHeight, item.h);
    return at;
  });
  return (
    <ul className={`grid-stack ${className ?? ""}`} ref={el} aria-label={label}>
      {placed.map((item) => (
        <li
          key={item.id}
          className="grid-stack-item"
          data-id={item.id}
          gs-id={item.id}
          gs-x={item.x}
          gs-y={item.y}
          gs-w={item.w}
          gs-h={item.h}
        >
          <div className="grid-stack-item-content">{item.content}</div>
        </li>
      ))}
    </ul>
  );
}
