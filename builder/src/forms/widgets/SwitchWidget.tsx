import type { WidgetProps } from "@rjsf/utils";
import { Space, Switch } from "antd";

/** An on/off setting shown as a switch (the sign-in screen's phone-auth switch). */
export function SwitchWidget({ id, value, onChange, onBlur, label, disabled }: WidgetProps) {
  return (
    <Space>
      <Switch
        id={id}
        checked={Boolean(value)}
        disabled={disabled}
        onChange={(checked) => {
          onChange(checked);
          onBlur(id, checked);
        }}
      />
      <label htmlFor={id}>{label}</label>
    </Space>
  );
}
