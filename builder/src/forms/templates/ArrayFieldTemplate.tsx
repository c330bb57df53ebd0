import { DeleteOutlined, HolderOutlined } from "@ant-design/icons";
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
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, buttonId } from "@rjsf/utils";
import { Button } from "antd";
import { createContext, type ReactElement, useContext, useMemo } from "react";
import { itemName, listWords } from "./itemName.ts";

interface ListContextValue {
  /** How the list names its item at an index ("Sales", "Item 2"). */
  nameOf(index: number): string;
  sortable: boolean;
}
const ListContext = createContext<ListContextValue>({ nameOf: (i) => `Item ${i + 1}`, sortable: false });

type Reorder = (event: undefined, index: number, newIndex: number) => void;

/**
 * A list of the form: its title and help, its items as cards that are reordered by dragging their handle
 * or from the keyboard (focus the handle, Space, arrows, Space; dnd-kit announces each step), and the add
 * button ("Add Item", id `<list>__add` as before).
 */
export function ArrayFieldTemplate({
  canAdd,
  className,
  disabled,
  readonly,
  fieldPathId,
  items,
  onAddClick,
  registry,
  required,
  schema,
  title,
  uiSchema,
  formData,
}: ArrayFieldTemplateProps) {
  const { AddButton } = registry.templates.ButtonTemplates;
  const heading = (uiSchema?.["ui:title"] as string | undefined) ?? title;
  const help = (uiSchema?.["ui:description"] as string | undefined) ?? schema.description;
  const ids = useMemo(() => items.map((item) => String(item.key)), [items]);
  const values = (formData ?? []) as unknown[];
  const list = useMemo<ListContextValue>(
    () => ({
      nameOf: (i) => itemName(values[i], i),
      sortable: !disabled && !readonly && items.length > 1,
    }),
    [values, disabled, readonly, items.length],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const reorder = (items[0] as ReactElement<{ handleReorderItems?: Reorder }> | undefined)?.props
    .handleReorderItems;
  const position = (id: unknown) => ids.indexOf(String(id));
  const words = listWords(list.nameOf, ids.length);
  const announcements: Announcements = {
    onDragStart: ({ active }) => words.pickedUp(position(active.id)),
    onDragOver: ({ active, over }) =>
      over ? words.moved(position(active.id), position(over.id)) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? words.dropped(position(active.id), position(over.id)) : undefined,
    onDragCancel: ({ active }) => words.cancelled(position(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id || !reorder) return;
    reorder(undefined, position(active.id), position(over.id));
  };
  return (
    <fieldset id={fieldPathId.$id} className={["form-list", className].join(" ")}>
      {heading ? (
        <legend className="form-section-title">
          {heading}
          {required ? (
            <span className="form-field-required" aria-hidden="true">
              {" *"}
            </span>
          ) : null}
        </legend>
      ) : null}
      {help ? <p className="form-section-help">{help}</p> : null}
      <ListContext.Provider value={list}>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: words.instructions } }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <div className="form-list-items">{items}</div>
          </SortableContext>
        </DndContext>
      </ListContext.Provider>
      {canAdd ? (
        <AddButton
          id={buttonId(fieldPathId, "add")}
          className="rjsf-array-item-add"
          disabled={disabled || readonly}
          onClick={onAddClick}
          uiSchema={uiSchema}
          registry={registry}
        />
      ) : null}
    </fieldset>
  );
}

/** One list item as a card: a drag handle, its name, a remove button, and its fields. */
export function ArrayFieldItemTemplate({
  children,
  buttonsProps,
  index,
  itemKey,
}: ArrayFieldItemTemplateProps) {
  const { nameOf, sortable } = useContext(ListContext);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: itemKey, disabled: !sortable });
  const name = nameOf(index);
  const headingId = `${buttonsProps.fieldPathId.$id}__heading`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={isDragging ? "form-card form-card-dragging" : "form-card"}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className="form-card-header">
        {sortable ? (
          <Button
            type="text"
            size="small"
            className="form-card-handle"
            icon={<HolderOutlined aria-hidden="true" />}
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${name}`}
          />
        ) : null}
        <span id={headingId} className="form-card-title">
          {name}
        </span>
        {buttonsProps.hasRemove ? (
          <Button
            type="text"
            size="small"
            danger
            className="form-card-remove"
            icon={<DeleteOutlined aria-hidden="true" />}
            disabled={buttonsProps.disabled || buttonsProps.readonly}
            onClick={buttonsProps.onRemoveItem}
            aria-label={`Remove ${name}`}
          />
        ) : null}
      </div>
      <div className="form-card-body">{children}</div>
    </section>
  );
}
