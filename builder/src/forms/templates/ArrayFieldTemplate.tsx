import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  ExclamationCircleFilled,
  HolderOutlined,
  RightOutlined,
} from "@ant-design/icons";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, buttonId } from "@rjsf/utils";
import { Button } from "antd";
import {
  createContext,
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
} from "react";
import { SortableList } from "../../components/SortableList.tsx";
import { isInside, RevealFieldContext, ShownErrorsContext } from "../reveal.ts";
import { itemName } from "./itemName.ts";

interface ListContextValue {
  /** How the list names its item at an index ("Sales", "Item 2"). */
  nameOf(index: number): string;
  sortable: boolean;
  /** Whether the cards open and close (lists of objects); a card of one plain value is always open. */
  collapsible: boolean;
  isOpen(key: string): boolean;
  setOpen(key: string, open: boolean): void;
  /** Changes when a card opens or closes, so that the cards re-render. */
  version: number;
}
const ListContext = createContext<ListContextValue>({
  nameOf: (i) => `Item ${i + 1}`,
  sortable: false,
  collapsible: false,
  isOpen: () => true,
  setOpen: () => {},
  version: 0,
});

/**
 * A list of objects with more items than this starts with its cards closed, each showing its name: a
 * contact page of five departments of six ways to reach them is 120 fields, and every field on the page
 * costs each keystroke (the browser's autofill reads the whole form after every change; paint and hit
 * testing walk it), bench/builder-keystroke.ts.
 */
const OPEN_LIMIT = 3;

/**
 * Which cards of a list are open, by RJSF's item key. An item added later (a key not seen before) opens; all
 * keys new at once means RJSF re-keyed the list (its length changed from outside, as by undo), which starts
 * over from the default.
 */
function useOpenCards(ids: string[], collapsible: boolean) {
  const [version, rerender] = useReducer((n: number) => n + 1, 0);
  const open = useRef<Map<string, boolean> | null>(null);
  const byDefault = !collapsible || ids.length <= OPEN_LIMIT;
  if (!open.current) open.current = new Map(ids.map((id) => [id, byDefault]));
  const known = open.current;
  const fresh = ids.filter((id) => !known.has(id));
  const rekeyed = fresh.length === ids.length && known.size > 0;
  for (const id of fresh) known.set(id, rekeyed ? byDefault : true);
  // The functions stay the same across toggles (a card's effect depends on setOpen); `version` changes.
  const fns = useMemo(
    () => ({
      isOpen: (key: string) => !collapsible || known.get(key) !== false,
      setOpen: (key: string, value: boolean) => {
        if ((known.get(key) !== false) === value) return;
        known.set(key, value);
        rerender();
      },
      setAll: (keys: string[], value: boolean) => {
        for (const key of keys) known.set(key, value);
        rerender();
      },
    }),
    [known, collapsible],
  );
  return { ...fns, version };
}

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
  const itemSchema = schema.items as { type?: unknown } | undefined;
  const collapsible = !Array.isArray(itemSchema) && itemSchema?.type === "object";
  const cards = useOpenCards(ids, collapsible);
  const list = useMemo<ListContextValue>(
    () => ({
      collapsible,
      isOpen: cards.isOpen,
      setOpen: cards.setOpen,
      version: cards.version,
      nameOf: (i) => itemName(values[i], i),
      // Drag handles (dnd-kit) on the lists of the form itself; a list inside a list item (a contact group's
      // methods) moves with up/down buttons: dozens of sortable cards made every re-render of the form slower
      // (bench/builder-keystroke.ts).
      sortable: !disabled && !readonly && items.length > 1 && fieldPathId.path.length <= 1,
    }),
    [
      values,
      disabled,
      readonly,
      items.length,
      fieldPathId.path.length,
      collapsible,
      cards.isOpen,
      cards.setOpen,
      cards.version,
    ],
  );
  const allOpen = ids.every(cards.isOpen);
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
      {collapsible && ids.length > OPEN_LIMIT ? (
        <Button
          type="link"
          size="small"
          className="form-list-toggle-all"
          onClick={() => cards.setAll(ids, !allOpen)}
        >
          {allOpen ? "Collapse all" : "Expand all"}
        </Button>
      ) : null}
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

/**
 * One list item as a card: a drag handle (or up/down buttons), its name, a remove button, and its fields. A
 * card of a list of objects opens and closes by its name; closed, its fields are not rendered at all. It opens
 * by itself when it holds the field the page reveals or an error the form shows, and a closed card holding
 * an error says so.
 */
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
  itemKey,
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
  const list = useContext(ListContext);
  const name = list.nameOf(index);
  const id = buttonsProps.fieldPathId.$id;
  const headingId = `${id}__heading`;
  const bodyId = `${id}__body`;
  const locked = buttonsProps.disabled || buttonsProps.readonly;
  const open = list.isOpen(itemKey);
  const reveal = useContext(RevealFieldContext);
  const revealHere = reveal !== undefined && isInside(reveal, id);
  const hasError = useContext(ShownErrorsContext).some((e) => isInside(e, id));
  const { setOpen } = list;
  useEffect(() => {
    if (revealHere || hasError) setOpen(itemKey, true);
  }, [revealHere, hasError, setOpen, itemKey]);
  const title = (
    <span id={headingId} className="form-card-title">
      {name}
    </span>
  );
  const classes = ["form-card", dragging && "form-card-dragging", !open && "form-card-closed"];
  return (
    <section
      ref={cardRef}
      aria-labelledby={headingId}
      className={classes.filter(Boolean).join(" ")}
      style={style}
    >
      <div className="form-card-header">
        {handle}
        {list.collapsible ? (
          <button
            type="button"
            className="form-card-toggle"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen(itemKey, !open)}
          >
            <RightOutlined className="form-card-chevron" rotate={open ? 90 : 0} aria-hidden="true" />
            {title}
            {hasError && !open ? (
              <span className="form-card-error">
                <ExclamationCircleFilled aria-hidden="true" /> Has errors
              </span>
            ) : null}
          </button>
        ) : (
          title
        )}
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
      <div className="form-card-body" id={bodyId} hidden={!open}>
        {open ? children : null}
      </div>
    </section>
  );
}
