import type { FieldProps } from "@rjsf/utils";
import { Form, Input, type InputProps } from "antd";
import { type ReactNode, useRef } from "react";

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
  // RJSF renders behind fast edits: until its next formData arrives, the next edit builds on the last one
  // made here, not on the stale props (else typing into two inputs in a row loses the first).
  const last = useRef<{ from: unknown; value: T } | null>(null);
  const value = (last.current && last.current.from === formData ? last.current.value : (formData ?? {})) as T;
  const id = fieldPathId.$id;
  const set = (patch: Partial<T>) => {
    const base = last.current && last.current.from === formData ? last.current.value : value;
    const next: Record<string, unknown> = { ...base, ...patch };
    for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === "") delete next[k];
    last.current = { from: formData, value: next as T };
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
