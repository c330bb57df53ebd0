import Form from "@rjsf/antd";
import { Form as AntForm } from "antd";
import "./forms.css";
import type { RJSFSchema, UiSchema as RjsfUiSchema } from "@rjsf/utils";
import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { FieldError, UiSchema } from "../../../schemas/index.ts";
import { editingSchema } from "./editingSchema.ts";
import { enhanceUiSchema } from "./enhanceUiSchema.ts";
import { errorIdsOf, visibleErrors } from "./errors.ts";
import { pruneUnfilled } from "./prune.ts";
import { fields, widgets } from "./registry.ts";
import { ShownErrorsContext } from "./reveal.ts";
import { templates } from "./templates/index.ts";
import type { FormContext } from "./types.ts";
import { validator } from "./validator.ts";

export interface SchemaFormProps<T> {
  schema: object;
  uiSchema?: UiSchema;
  value: T;
  /** `key` names the field that changed, so the undo history can fold fast typing into one step. */
  onChange(value: T, key: string): void;
  /** The customer-worded errors of the current value (from schemas/), shown on blur and after a save. */
  validate(value: T): FieldError[];
  /** Bumped by Save App: from then on every error shows. */
  submitCount: number;
  context: FormContext;
  idPrefix?: string;
}

/** How long typing pauses before the form (not the preview, which is at once) shows the typed text. */
const TYPING_PAUSE_MS = 300;

const hideSubmit = { "ui:submitButtonOptions": { norender: true } };

/**
 * Every editor of the builder: RJSF over a schema of the contract, with the widgets of ./registry.ts
 * chosen by enhanceUiSchema. RJSF's own validation is off; errors come from the same validation the
 * server runs and are filtered by what the user has touched.
 */
function SchemaFormInner<T>({
  schema,
  uiSchema,
  value,
  onChange,
  validate,
  submitCount,
  context,
  idPrefix = "root",
}: SchemaFormProps<T>) {
  const ui = useMemo(
    () =>
      ({ ...enhanceUiSchema(schema as Record<string, unknown>, uiSchema), ...hideSubmit }) as RjsfUiSchema,
    [schema, uiSchema],
  );
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  // The form renders a settled copy of the value: RJSF re-derives and re-renders every field on every change
  // (tens of milliseconds for a large feature, in parts the browser cannot interrupt), so it must never sit
  // between a keystroke and the preview. A fast field shows its own text, so while it is being typed in the
  // form catches up once typing pauses (or at once on blur); any other change reaches it in a transition.
  const typed = useRef(false);
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (settled === value) return;
    // Only a value a fast field typed waits; anything else (undo, a switch, a reload) goes at once.
    const wait = typed.current ? TYPING_PAUSE_MS : 0;
    typed.current = false;
    const timer = setTimeout(() => startTransition(() => setSettled(value)), wait);
    return () => clearTimeout(timer);
  }, [value, settled]);
  // ajv fills the schema's defaults into what it validates. Validating a copy keeps the draft (and its undo
  // history) untouched, and the copy, defaults filled in, is what the form shows.
  const { shown, errors } = useMemo(() => {
    const copy = structuredClone(settled);
    return { shown: copy, errors: validate(copy) };
  }, [validate, settled]);
  const extraErrors = useMemo(
    () => visibleErrors(errors, touched, submitCount > 0, idPrefix),
    [errors, touched, submitCount, idPrefix],
  );
  const errorIds = useMemo(() => errorIdsOf(extraErrors, idPrefix), [extraErrors, idPrefix]);
  const onBlur = useCallback((id: string) => {
    // The blurred field forgets what was typed into it, so the form must hold that text from now on.
    setSettled(latest.current.value);
    setTouched((t) => (t.has(id) ? t : new Set(t).add(id)));
  }, []);

  // The latest value and callback, for handlers that outlive a render.
  const latest = useRef({ value, onChange, schema });
  latest.current = { value, onChange, schema };
  // Optional blocks switched on (ObjectFieldTemplate): kept in the draft while empty, so their required
  // fields are asked for; switched off, they are gone.
  const openBlocks = useRef(new Set<string>()).current;
  const emit = useCallback(
    (next: T, key: string) => {
      const cur = latest.current;
      const pruned = pruneUnfilled(cur.schema as Record<string, any>, next, (path) =>
        openBlocks.has([idPrefix, ...path].join("_")),
      );
      // RJSF echoes what a fast edit already applied: an equal value is not a new step.
      if (JSON.stringify(pruned) === JSON.stringify(cur.value)) return;
      cur.onChange(pruned, key);
    },
    [openBlocks, idPrefix],
  );
  // Fields that write to the draft themselves; RJSF's later report of the same change may be stale (it
  // renders behind the typing), so it is dropped for them.
  const fastIds = useRef(new Set<string>());
  // One context object for the form's lifetime, refreshed in place: the features it lists change with
  // every keystroke in a feature title, and a new object would make RJSF re-render every field at once.
  const formContext = useRef<FormContext>({ ...context }).current;
  Object.assign(formContext, context, {
    // Typing goes to the draft at once (the preview follows in the same frame); RJSF catches up later.
    fastEdit: (id: string, v: unknown) => {
      fastIds.current.add(id);
      typed.current = true;
      emit(setAt(latest.current.value, idToPath(id, idPrefix), v) as T, id);
    },
    setValue: (id: string, v: unknown) =>
      emit(setAt(latest.current.value, idToPath(id, idPrefix), v) as T, id),
    openBlocks,
  });

  // The same element while nothing RJSF renders from changed, so React skips the form entirely.
  return useMemo(
    () => (
      // Fields that keep antd's Form.Item (custom fields) lay out like the templates: label above, no colon.
      <AntForm component={false} layout="vertical" colon={false}>
        <ShownErrorsContext.Provider value={errorIds}>
          <Form
            schema={editingSchema(schema) as RJSFSchema}
            uiSchema={ui}
            formData={shown}
            validator={validator}
            widgets={widgets}
            fields={fields}
            templates={templates}
            formContext={formContext}
            idPrefix={idPrefix}
            noValidate
            showErrorList={false}
            extraErrors={extraErrors}
            onBlur={onBlur}
            onChange={(e, id) => {
              if (!id) return emit(e.formData as T, "form");
              if (fastIds.current.has(id)) return;
              // A field's change takes only that field from RJSF's data: the rest of RJSF's copy may be behind
              // what was typed since the form last settled (a file dropped on an image while a name is typed).
              const path = idToPath(id, idPrefix);
              emit(setAt(latest.current.value, path, getAt(e.formData, path)) as T, id);
            }}
            experimental_defaultFormStateBehavior={{ emptyObjectFields: "skipDefaults" }}
          />
        </ShownErrorsContext.Provider>
      </AntForm>
    ),
    [schema, ui, shown, formContext, idPrefix, extraErrors, errorIds, onBlur, emit],
  );
}

/** "root_groups_0_name" under "root" is ["groups", 0, "name"] (property names here never hold "_"). */
export function idToPath(id: string, prefix = "root"): (string | number)[] {
  return id
    .slice(prefix.length + 1)
    .split("_")
    .filter(Boolean)
    .map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg));
}

/** The value at `path` in `value` (undefined where the path leads nowhere). */
export function getAt(value: unknown, path: (string | number)[]): unknown {
  let v: any = value;
  for (const seg of path) v = v == null ? undefined : v[seg];
  return v;
}

/** A copy of `value` with `v` at `path` (undefined removes the key). */
export function setAt(value: unknown, path: (string | number)[], v: unknown): unknown {
  if (!path.length) return v;
  const [head, ...rest] = path;
  const base: any = Array.isArray(value) ? [...value] : { ...((value as object) ?? {}) };
  const next = setAt(base[head], rest, v);
  if (next === undefined && !Array.isArray(base)) delete base[head];
  else base[head] = next;
  return base;
}

export const SchemaForm = memo(SchemaFormInner) as typeof SchemaFormInner;
