import Form from "@rjsf/antd";
import { Form as AntForm } from "antd";
import "./forms.css";
import type { RJSFSchema, UiSchema as RjsfUiSchema } from "@rjsf/utils";
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import type { FieldError, UiSchema } from "../../../schemas/index.ts";
import { editingSchema } from "./editingSchema.ts";
import { enhanceUiSchema } from "./enhanceUiSchema.ts";
import { visibleErrors } from "./errors.ts";
import { pruneUnfilled } from "./prune.ts";
import { fields, widgets } from "./registry.ts";
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
  // The form renders a deferred copy of the value: RJSF re-renders every field on every change (hundreds
  // of milliseconds for a large feature), so it must never sit between a keystroke and the preview.
  const deferred = useDeferredValue(value);
  // ajv fills the schema's defaults into what it validates. Validating a copy keeps the draft (and its undo
  // history) untouched, and the copy, defaults filled in, is what the form shows.
  const { shown, errors } = useMemo(() => {
    const copy = structuredClone(deferred);
    return { shown: copy, errors: validate(copy) };
  }, [validate, deferred]);
  const extraErrors = useMemo(
    () => visibleErrors(errors, touched, submitCount > 0, idPrefix),
    [errors, touched, submitCount, idPrefix],
  );
  const onBlur = useCallback((id: string) => {
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
            if (id && fastIds.current.has(id)) return;
            emit(e.formData as T, id ?? "form");
          }}
          experimental_defaultFormStateBehavior={{ emptyObjectFields: "skipDefaults" }}
        />
      </AntForm>
    ),
    [schema, ui, shown, formContext, idPrefix, extraErrors, onBlur, emit],
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
