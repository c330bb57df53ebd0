import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { FormField } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import type { AnyFeature } from "../types.ts";
import { Screen } from "../ui/Screen.tsx";
import { useSubmit } from "../ui/useSubmit.tsx";

/**
 * Input types of the field types a browser can draw; any other type is skipped (spec §2). Typed by the
 * schema's FORM_FIELD_TYPES, so a renamed type fails to compile here instead of vanishing from forms.
 */
const INPUT_TYPES: Partial<Record<FormField["type"], string>> = {
  Text: "text",
  Email: "email",
  Phone: "tel",
  Number: "number",
  Date: "date",
};
const SUPPORTED = new Set<string>([
  ...Object.keys(INPUT_TYPES),
  ...(["TextArea", "Checkbox", "Select", "Recipient"] satisfies FormField["type"][]),
]);

/** The fields the form draws, in order: unsupported types skipped. */
export const supportedFields = (fields: FormField[] | undefined): FormField[] =>
  (fields ?? []).filter((f) => SUPPORTED.has(f.type));

/** Whether a value counts as filled: checked, or text other than spaces (the server's rule too). */
const isFilled = (v: string | boolean | undefined) =>
  v === true || (typeof v === "string" && v.trim() !== "");

function Field({
  field,
  value,
  onChange,
  error,
}: {
  field: FormField;
  value: string | boolean | undefined;
  onChange: (v: string | boolean) => void;
  /** The field's error, shown under it and announced (the empty form's first field). */
  error?: string;
}) {
  const { t } = useView();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hint = (
    <>
      {field.description ? (
        <span id={hintId} className="ba-field-hint">
          {field.description}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="ba-field-hint ba-error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
  const described =
    [field.description ? hintId : "", error ? errorId : ""].filter(Boolean).join(" ") || undefined;
  if (field.type === "Checkbox")
    return (
      <div className="ba-field ba-field-check">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        <label htmlFor={id}>{field.name}</label>
        {hint}
      </div>
    );
  const text = typeof value === "string" ? value : "";
  let control: ReactNode;
  if (field.type === "Select" || field.type === "Recipient")
    control = (
      <select
        id={id}
        value={text}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      >
        <option value="">{t("form.choose")}</option>
        {(field.options ?? [])
          .filter((o) => o.trim())
          .map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
      </select>
    );
  else if (field.type === "TextArea" || field.long)
    control = (
      <textarea
        id={id}
        rows={4}
        value={text}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  else
    control = (
      <input
        id={id}
        type={INPUT_TYPES[field.type]}
        value={text}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        autoComplete={field.type === "Email" ? "email" : field.type === "Phone" ? "tel" : undefined}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    );
  return (
    <div className="ba-field">
      <label htmlFor={id}>{field.name}</label>
      {control}
      {hint}
    </div>
  );
}

/**
 * spec §2 Custom form: the fields by type, then the submit button with the custom text or 'Submit'. The
 * values go to onSubmitForm keyed by field name (the sdk stores them as form data and a lead).
 */
export function FormScreen({ feature }: { feature: AnyFeature }) {
  const { t, onSubmitForm } = useView();
  const fields = supportedFields(feature.fields as FormField[] | undefined);
  const [values, setValues] = useState<Record<number, string | boolean>>({});
  // An empty form is never sent (the server refuses it too): its first field says so and takes the focus.
  const [emptyError, setEmptyError] = useState(false);
  const { busy, run, message } = useSubmit(t("form.thanks"));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!onSubmitForm) return;
    if (fields.length && !fields.some((_, i) => isFilled(values[i]))) {
      setEmptyError(true);
      (e.currentTarget as HTMLFormElement).querySelector<HTMLElement>("input, textarea, select")?.focus();
      return;
    }
    const byName: Record<string, string | boolean> = {};
    fields.forEach((f, i) => {
      byName[f.name] = values[i] ?? (f.type === "Checkbox" ? false : "");
    });
    if (await run(() => onSubmitForm(feature, byName))) setValues({});
  };
  const submitText = typeof feature.submitText === "string" && feature.submitText.trim();
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || ""} page="Form">
      {message}
      <form className="ba-form" onSubmit={submit}>
        {fields.map((f, i) => (
          <Field
            // biome-ignore lint/suspicious/noArrayIndexKey: fields have no id; two may share a name
            key={i}
            field={f}
            value={values[i]}
            onChange={(v) => {
              setEmptyError(false);
              setValues((old) => ({ ...old, [i]: v }));
            }}
            error={emptyError && i === 0 ? t("form.empty", { name: f.name }) : undefined}
          />
        ))}
        <button type="submit" className="ba-button" disabled={busy} aria-busy={busy}>
          {submitText || t("form.submit")}
        </button>
      </form>
    </Screen>
  );
}
