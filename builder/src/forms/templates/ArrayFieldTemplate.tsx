import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from "@ant-design/icons";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, buttonId } from "@rjsf/utils";
import { Button } from "antd";
import { createContext, type ReactElement, type ReactNode, useContext, useMemo } from "react";
import { SortableList } from "../../components/SortableList.tsx";
import { itemName } from "./itemName.ts";

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
      // Drag handles (dnd-kit) on the lists of the form itself; a list inside a list item (a contact group's
      // methods) moves with up/down buttons: dozens of sortable cards made every re-render of the form slower
      // (bench/builder-keystroke.ts).
      sortable: !disabled && !readonly && items.length > 1 && fieldPathId.path.length <= 1,
    }),
    [values, disabled, readonly, items.length, fieldPathId.path.length],
  );
  const reorder = (items[0] as ReactElement<{ handleReorderItems?: Reorder }> | undefined)?.props
    .handleReorderItems;
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
        {list.sortable ? (
          <SortableList ids={ids} nameOf={list.nameOf} onMove={(from, to) => reorder?.(undefined, from, to)}>
            <div className="form-list-items">{items}</div>
          </SortableList>
        ) : (
          <div className="form-list-items">{items}</div>
        )}
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

/** One list item as a card: a drag handle (or up/down buttons), its name, a remove button, and its fields. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  return useContext(ListContext).sortable ? <SortableCard {...props} /> : <Card {...props} />;
}

function SortableCard(props: ArrayFieldItemTemplateProps) {
  const name = useContext(ListContext).nameOf(props.index);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: props.itemKey });
  const handle = (
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
  );
  return (
    <Card
      {...props}
      cardRef={setNodeRef}
      dragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      handle={handle}
    />
  );
}

function Card({
  children,
  buttonsProps,
  index,
  cardRef,
  dragging,
  style,
  handle,
}: ArrayFieldItemTemplateProps & {
  cardRef?: (el: HTMLElement | null) => void;
  dragging?: boolean;
  style?: React.CSSProperties;
  handle?: ReactNode;
}) {
  const name = useContext(ListContext).nameOf(index);
  const headingId = `${buttonsProps.fieldPathId.$id}__heading`;
  const locked = buttonsProps.disabled || buttonsProps.readonly;
  return (
    <section
      ref={cardRef}
      aria-labelledby={headingId}
      className={dragging ? "form-card form-card-dragging" : "form-card"}
      style={style}
    >
      <div className="form-card-header">
        {handle}
        <span id={headingId} className="form-card-title">
          {name}
        </span>
        {!handle && buttonsProps.totalItems > 1 ? (
          <>
            <Button
              type="text"
              size="small"
              icon={<ArrowUpOutlined aria-hidden="true" />}
              disabled={locked || !buttonsProps.hasMoveUp}
              onClick={buttonsProps.onMoveUpItem}
              aria-label={`Move ${name} up`}
            />
            <Button
              type="text"
              size="small"
              icon={<ArrowDownOutlined aria-hidden="true" />}
              disabled={locked || !buttonsProps.hasMoveDown}
              onClick={buttonsProps.onMoveDownItem}
              aria-label={`Move ${name} down`}
            />
          </>
        ) : null}
        {buttonsProps.hasRemove ? (
          <Button
            type="text"
            size="small"
            danger
            className="form-card-remove"
            icon={<DeleteOutlined aria-hidden="true" />}
            disabled={locked}
            onClick={buttonsProps.onRemoveItem}
            aria-label={`Remove ${name}`}
          />
        ) : null}
      </div>
      <div className="form-card-body">{children}</div>
    </section>
  );
}
