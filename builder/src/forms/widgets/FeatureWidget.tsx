import type { WidgetProps } from "@rjsf/utils";
import { Select } from "antd";
import type { FormContext } from "../types.ts";

/** Picks another feature of the draft (menu items, tiles). */
export function FeatureWidget({ id, value, onChange, onBlur, disabled, registry, label }: WidgetProps) {
  const ctx = registry.formContext as FormContext;
  const options = ctx.features
    .filter((f) => f.id !== ctx.currentFeatureId)
    .map((f) => ({ value: f.id, label: f.title || f.type }));
  return (
    <Select
      id={id}
      aria-label={label}
      value={value || undefined}
      disabled={disabled}
      options={options}
      placeholder="Choose a feature"
      onChange={(v) => onChange(v)}
      onBlur={() => onBlur(id, value)}
      notFoundContent="Add other features first"
    />
  );
}
