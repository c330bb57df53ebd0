import type { FieldProps } from "@rjsf/utils";
import { Form, Select } from "antd";
import type { FormContext } from "../types.ts";

/** The app's locations a setting applies to; none chosen means all (spec §3 App.locations). */
export function LocationsField({
  formData,
  onChange,
  onBlur,
  fieldPathId,
  schema,
  uiSchema,
  registry,
}: FieldProps) {
  const ctx = registry.formContext as FormContext;
  const id = fieldPathId.$id;
  return (
    <Form.Item
      label={
        <label htmlFor={id}>
          {(uiSchema?.["ui:title"] as string | undefined) ??
            (schema.title as string | undefined) ??
            "Locations"}
        </label>
      }
      extra="Leave empty for all locations"
    >
      <Select
        id={id}
        mode="tags"
        value={(formData as string[] | undefined) ?? []}
        options={ctx.locations.map((l) => ({ value: l.id, label: l.name ?? l.id }))}
        onChange={(v: string[]) => onChange(v.length ? v : undefined, fieldPathId.path)}
        onBlur={() => onBlur(id, formData)}
        placeholder="All locations"
      />
    </Form.Item>
  );
}
