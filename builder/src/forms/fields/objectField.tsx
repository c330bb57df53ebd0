import type { FieldProps } from "@rjsf/utils";
import { Form, Input, type InputProps } from "antd";
import type { ReactNode } from "react";

/** The messages RJSF keeps for one property of an object field. */
export const errorsOf = (errorSchema: FieldProps["errorSchema"], key: string): string[] =>
  ((errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? []) as string[];

/**
 * What a custom RJSF field for a small object needs: its value, a patch that drops emptied properties (so an
 * optional field left blank is absent, as the schema's "optional empties skipped" expects), and a labelled
 * item showing that property's errors; `textItem` is such an item around a plain text input.
 */
export function useObjectField<T extends object>({
  formData,
  onChange,
  fieldPathId,
  errorSchema,
  onBlur,
}: FieldProps) {
  const value = (formData ?? {}) as T;
  const id = fieldPathId.$id;
  const set = (patch: Partial<T>) => {
    const next: Record<string, unknown> = { ...value, ...patch };
    for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === "") delete next[k];
    onChange(next, fieldPathId.path);
  };
  const item = (key: string, label: string, control: ReactNode) => {
    const errors = errorsOf(errorSchema, key);
    return (
      <Form.Item
        label={<label htmlFor={`${id}_${key}`}>{label}</label>}
        validateStatus={errors.length ? "error" : undefined}
        help={errors.join(", ") || undefined}
      >
        {control}
      </Form.Item>
    );
  };
  const textItem = (key: keyof T & string, label: string, input: InputProps = {}) => {
    const current = (value as Record<string, unknown>)[key] as string | undefined;
    return item(
      key,
      label,
      <Input
        {...input}
        id={`${id}_${key}`}
        value={current ?? ""}
        onChange={(e) => set({ [key]: e.target.value } as Partial<T>)}
        onBlur={() => onBlur(`${id}_${key}`, current)}
      />,
    );
  };
  return { value, id, set, item, textItem };
}
