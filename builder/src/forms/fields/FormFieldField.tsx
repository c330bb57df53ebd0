import type { FieldProps } from "@rjsf/utils";
import { Checkbox, Form, Input, Select, Space } from "antd";
import { FORM_FIELD_TYPES } from "../../../../schemas/index.ts";
import { errorsOf, useObjectField } from "./objectField.tsx";

interface FormFieldValue {
  name?: string;
  description?: string;
  type?: (typeof FORM_FIELD_TYPES)[number];
  long?: boolean;
  options?: string[];
  values?: string[];
}

/**
 * One field of a custom form (spec §3, §5): name, description, type; "long" only for text; options only
 * for Select and Recipient; for a Recipient, the e-mail each option sends to, side by side with it.
 */
export function FormFieldField(props: FieldProps) {
  const { onBlur, errorSchema } = props;
  const { value: v, id, set, item, textItem } = useObjectField<FormFieldValue>(props);
  const hasOptions = v.type === "Select" || v.type === "Recipient";
  const options = v.options ?? [];
  return (
    <div className="form-field-builder">
      {textItem("name", "Name")}
      {textItem("description", "Description")}
      <Space align="start" wrap>
        {item(
          "type",
          "Type",
          <Select
            id={`${id}_type`}
            className="form-field-type"
            value={v.type ?? "Text"}
            options={FORM_FIELD_TYPES.map((t) => ({ value: t, label: t }))}
            onChange={(type) =>
              set({
                type,
                // Options belong to dropdowns and e-mails to recipients; other types drop them.
                ...(type === "Select" || type === "Recipient"
                  ? {}
                  : { options: undefined, values: undefined }),
                ...(type === "Recipient" ? {} : { values: undefined }),
                ...(type === "Text" || type === "TextArea" ? {} : { long: undefined }),
              })
            }
          />,
        )}
        {v.type === "Text" || v.type === "TextArea" || !v.type ? (
          <Form.Item label=" " colon={false}>
            <Checkbox
              id={`${id}_long`}
              checked={Boolean(v.long)}
              onChange={(e) => set({ long: e.target.checked || undefined })}
            >
              Long
            </Checkbox>
          </Form.Item>
        ) : null}
      </Space>
      {hasOptions
        ? item(
            "options",
            v.type === "Recipient" ? "Options and their recipients" : "Options",
            <div id={`${id}_options`} className="form-field-options">
              {[...options, ""].map((option, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: an option is its position (recipient e-mails align by index)
                <Space key={i} className="form-field-option">
                  <Input
                    aria-label={`Option ${i + 1}`}
                    placeholder={i === options.length ? "Add an option" : undefined}
                    value={option}
                    onChange={(e) => {
                      const next = [...options];
                      next[i] = e.target.value;
                      set({ options: next }, "typed");
                    }}
                    onBlur={() => onBlur(`${id}_options`, options)}
                  />
                  {v.type === "Recipient" && i < options.length ? (
                    <Input
                      aria-label={`Recipient e-mail ${i + 1}`}
                      placeholder="name@example.com"
                      value={v.values?.[i] ?? ""}
                      onChange={(e) => {
                        const next = [...(v.values ?? [])];
                        next[i] = e.target.value;
                        set({ values: next }, "typed");
                      }}
                      onBlur={() => onBlur(`${id}_values`, v.values)}
                    />
                  ) : null}
                </Space>
              ))}
            </div>,
          )
        : null}
      {v.type === "Recipient" && errorsOf(errorSchema, "values").length ? (
        <Form.Item validateStatus="error" help={errorsOf(errorSchema, "values").join(", ")} />
      ) : null}
    </div>
  );
}
