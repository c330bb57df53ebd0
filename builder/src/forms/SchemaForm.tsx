import Form from "@rjsf/antd";
import type { RJSFSchema, UiSchema as RjsfUiSchema } from "@rjsf/utils";
import { memo, useCallback, useMemo, useState } from "react";
import type { FieldError, UiSchema } from "../../../schemas/index.ts";
import { AddButton } from "./AddButton.tsx";
import { enhanceUiSchema } from "./enhanceUiSchema.ts";
import { visibleErrors } from "./errors.ts";
import { pruneUnfilled } from "./prune.ts";
import { fields, widgets } from "./registry.ts";
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
const templates = { ButtonTemplates: { AddButton } };

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
  // ajv fills the schema's defaults into what it validates. Validating a copy keeps the draft (and its undo
  // history) untouched, and the copy, defaults filled in, is what the form shows.
  const { shown, errors } = useMemo(() => {
    const copy = structuredClone(value);
    return { shown: copy, errors: validate(copy) };
  }, [validate, value]);
  const extraErrors = useMemo(
    () => visibleErrors(errors, touched, submitCount > 0, idPrefix),
    [errors, touched, submitCount, idPrefix],
  );
  const onBlur = useCallback((id: string) => {
    setTouched((t) => (t.has(id) ? t : new Set(t).add(id)));
  }, []);
  return (
    <Form
      schema={schema as RJSFSchema}
      uiSchema={ui}
      formData={shown}
      validator={validator}
      widgets={widgets}
      fields={fields}
      templates={templates}
      formContext={context}
      idPrefix={idPrefix}
      noValidate
      showErrorList={false}
      extraErrors={extraErrors}
      onBlur={onBlur}
      onChange={(e, id) =>
        onChange(pruneUnfilled(schema as Record<string, any>, e.formData as T), id ?? "form")
      }
      experimental_defaultFormStateBehavior={{ emptyObjectFields: "skipDefaults" }}
    />
  );
}

export const SchemaForm = memo(SchemaFormInner) as typeof SchemaFormInner;
