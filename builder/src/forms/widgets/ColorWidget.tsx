import type { WidgetProps } from "@rjsf/utils";
import { Button, ColorPicker, Space } from "antd";

/** A colour picker writing a hex colour; Clear returns to the theme's default. */
export function ColorWidget({ id, value, onChange, onBlur, label, disabled }: WidgetProps) {
  return (
    <Space>
      <ColorPicker
        value={value || undefined}
        disabled={disabled}
        showText
        format="hex"
        onChangeComplete={(c) => onChange(c.toHexString())}
        onOpenChange={(open) => !open && onBlur(id, value)}
      >
        <Button id={id} aria-label={`${label}: ${value || "Pick colour"}`}>
          <span className="color-swatch" style={{ background: value || "transparent" }} aria-hidden="true" />
          {value || "Pick colour"}
        </Button>
      </ColorPicker>
      {value ? (
        <Button type="text" onClick={() => onChange(undefined)} aria-label={`Clear ${label}`}>
          Clear
        </Button>
      ) : null}
    </Space>
  );
}
