import { HolderOutlined } from "@ant-design/icons";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Button, Table, type TableProps } from "antd";
import { createContext, type HTMLAttributes, useContext, useMemo } from "react";
import { SortableList } from "../components/SortableList.tsx";

interface HandleContextValue {
  setActivatorNodeRef?: (el: HTMLElement | null) => void;
  listeners?: ReturnType<typeof useSortable>["listeners"];
  attributes?: Record<string, unknown>;
}
const HandleContext = createContext<HandleContextValue>({});

/** The drag handle of a row: drag it, or focus it and use Space and the arrow keys. */
export function DragHandle({ label }: { label: string }) {
  const { setActivatorNodeRef, listeners, attributes } = useContext(HandleContext);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      className="drag-handle"
      style={{ cursor: "move" }}
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={label}
    />
  );
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { "data-row-key": string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props["data-row-key"] });
  const style: React.CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: "relative", zIndex: 9, background: "#fafafa" } : {}),
  };
  const handle = useMemo(
    () => ({ setActivatorNodeRef, listeners, attributes: attributes as unknown as Record<string, unknown> }),
    [setActivatorNodeRef, listeners, attributes],
  );
  return (
    <HandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} />
    </HandleContext.Provider>
  );
}

const components = { body: { row: SortableRow } };

/** An antd table whose rows are ordered by dragging their handle or with the keyboard (dnd-kit). */
export function SortableTable<T extends { id: string }>({
  onMove,
  dataSource,
  nameOf,
  ...rest
}: Omit<TableProps<T>, "rowKey" | "components" | "dataSource"> & {
  dataSource: T[];
  onMove(activeId: string, overId: string): void;
  /** How announcements name a row (dnd-kit would say its id). */
  nameOf(id: string): string;
}) {
  const ids = useMemo(() => dataSource.map((r) => r.id), [dataSource]);
  return (
    <SortableList ids={ids} nameOf={(i) => nameOf(ids[i])} onMove={(from, to) => onMove(ids[from], ids[to])}>
      <Table<T> rowKey="id" components={components} dataSource={dataSource} pagination={false} {...rest} />
    </SortableList>
  );
}
