import type { WidgetProps } from "@rjsf/utils";
import { ImageField } from "../../components/ImageField.tsx";

/** An image property: uploaded through /api/images2, with crop and progress. */
export function ImageWidget({ id, value, onChange, onBlur, label }: WidgetProps) {
  return (
    <ImageField
      id={id}
      label={label || "Image"}
      hideLabel
      value={value}
      onChange={(url) => {
        onChange(url || undefined);
        onBlur(id, url);
      }}
    />
  );
}
