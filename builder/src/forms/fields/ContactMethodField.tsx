import type { FieldProps, WidgetProps } from "@rjsf/utils";
import { Form, Select, Space } from "antd";
import { CONTACT_METHOD_TYPES } from "../../../../schemas/index.ts";
import { IconWidget } from "../widgets/IconWidget.tsx";
import { TypedInput, useObjectField } from "./objectField.tsx";

type MethodType = (typeof CONTACT_METHOD_TYPES)[number];
interface Method {
  type?: MethodType;
  value?: string;
  displayName?: string;
  icon?: string;
  extras?: { ext?: string };
}

/** What the value holds per type, as a hint in the empty input. */
const PLACEHOLDER: Record<MethodType, string> = {
  PhoneNumber: "(555) 555-5555",
  MobileNumber: "(555) 555-5555",
  Texting: "(555) 555-5555",
  Email: "name@example.com",
  Website: "example.com",
  Link: "example.com/page",
  Address: "1 Main Street, Springfield",
};
const PHONES = new Set<string>(["PhoneNumber", "MobileNumber"]);

/**
 * A contact method (spec §3): its value is checked by its type (phone, e-mail, URL, address), and only
 * call numbers have an extension, shown after the number in the app (spec §2).
 */
export function ContactMethodField(props: FieldProps) {
  const { onBlur, registry } = props;
  const { value: v, id, set, type: typeInto, item, textItem } = useObjectField<Method>(props);
  const type = v.type ?? "PhoneNumber";
  return (
    <div className="contact-method">
      <Space align="start" wrap>
        {item(
          "type",
          "Type",
          <Select
            id={`${id}_type`}
            className="contact-method-type"
            value={v.type}
            placeholder="Choose a type"
            options={CONTACT_METHOD_TYPES.map((t) => ({ value: t, label: t }))}
            onChange={(t: MethodType) => set({ type: t, ...(PHONES.has(t) ? {} : { extras: undefined }) })}
          />,
        )}
        {textItem("value", "Value", { placeholder: PLACEHOLDER[type] })}
        {PHONES.has(type)
          ? item(
              "extras",
              "Extension",
              <TypedInput
                id={`${id}_extras`}
                className="contact-method-ext"
                value={v.extras?.ext ?? ""}
                onType={(ext) => typeInto("extras", ext ? { ext } : undefined)}
                onBlur={() => onBlur(`${id}_extras`, v.extras)}
              />,
            )
          : null}
      </Space>
      {textItem("displayName", "Display name")}
      <Form.Item label={<label htmlFor={`${id}_icon`}>Icon</label>}>
        <IconWidget
          {...({} as WidgetProps)}
          id={`${id}_icon`}
          label="Icon"
          value={v.icon}
          registry={registry}
          onChange={(icon: string | undefined) => set({ icon })}
          onBlur={() => onBlur(`${id}_icon`, v.icon)}
        />
      </Form.Item>
    </div>
  );
}
