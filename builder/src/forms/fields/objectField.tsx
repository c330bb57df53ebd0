import type { FieldProps } from "@rjsf/utils";
import { Form, Input, type InputProps } from "antd";
import { type ReactNode, useReducer, useRef } from "react";
import { flushSync } from "react-dom";
import type { FormContext } from "../types.ts";
import { useTypedText } from "../widgets/useTypedText.ts";

/** The messages RJSF keeps for one property of an object field. */
export const errorsOf = (errorSchema: FieldProps["errorSchema"], key: string): string[] =>
  ((errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? []) as string[];

/**
 * What a custom RJSF field for a small object needs: its value, a patch that drops emptied properties (so an
 * optional field left blank is absent, as the schema's "optional empties skipped" expects), and a labelled
 * item showing that property's errors; `textItem` is such an item around a plain text input.
 *
 * Typing takes the form's fast path, as the text widgets do (FastTextWidget): the draft and the preview take
 * the text at once and RJSF gets it when typing pauses. Through RJSF's onChange every keystroke re-rendered
 * the whole form: 12 ms median, 30 ms p95 from keydown to preview in a contact method's display name
 * (bench/builder-keystroke.ts). `type(key, value)` is typing into a `TypedInput`, which alone re-renders;
 * `set(patch, "typed")` is typing that changes the field's own layout (a new option row), which re-renders
 * the field.
 */
export function useObjectField<T extends object>({
  formData,
  onChange,
  fieldPathId,
  errorSchema,
  onBlur,
  registry,
}: FieldProps) {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // RJSF renders behind fast edits: until its next formData arrives, the next edit builds on the last one
  // made here, not on the stale props (else typing into two inputs in a row loses the first).
  const last = useRef<{ from: unknown; value: T } | null>(null);
  const value = (last.current && last.current.from === formData ? last.current.value : (formData ?? {})) as T;
  const id = fieldPathId.$id;
  const patched = (patch: Partial<T>) => {
    const base = last.current && last.current.from === formData ? last.current.value : value;
    const next: Record<string, unknown> = { ...base, ...patch };
    for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === "") delete next[k];
    last.current = { from: formData, value: next as T };
    return next;
  };
  const fast = (patch: Partial<T>, next: Record<string, unknown>) => {
    const { fastEdit } = registry.formContext as FormContext;
    if (!fastEdit) return false;
    for (const key of Object.keys(patch)) flushSync(() => fastEdit(`${id}_${key}`, next[key]));
    return true;
  };
  const set = (patch: Partial<T>, how?: "typed") => {
    const next = patched(patch);
    if (how === "typed" && fast(patch, next)) rerender();
    else onChange(next, fieldPathId.path);
  };
  const type = (key: keyof T & string, typed: unknown) => {
    const patch = { [key]: typed } as Partial<T>;
    const next = patched(patch);
    if (!fast(patch, next)) onChange(next, fieldPathId.path);
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
      <TypedInput
        {...input}
        id={`${id}_${key}`}
        value={current ?? ""}
        onType={(text) => type(key, text)}
        onBlur={() => onBlur(`${id}_${key}`, current)}
      />,
    );
  };
  return { value, id, set, type, item, textItem };
}

/** A text input that holds its own text while it is typed in, so a keystroke re-renders the input alone. */
export function TypedInput({
  value,
  onType,
  onBlur,
  ...input
}: Omit<InputProps, "value" | "onChange"> & { value: string; onType(text: string): void }) {
  const { text, type, forget } = useTypedText(value, onType);
  return (
    <Input
      {...input}
      value={text}
      onChange={(e) => type(e.target.value)}
      onBlur={(e) => {
        forget();
        onBlur?.(e);
      }}
    />
  );
}
