import type { FieldProps } from "@rjsf/utils";
import { DatePicker, Form } from "antd";
import dayjs, { type Dayjs } from "dayjs";

/** spec §3 timeframe from/to as one range picker; either end may stay open. */
export function TimeframeField({
  formData,
  onChange,
  onBlur,
  fieldPathId,
  schema,
  uiSchema,
  rawErrors,
}: FieldProps) {
  const value = (formData ?? {}) as { from?: string; to?: string };
  const id = fieldPathId.$id;
  const title =
    (uiSchema?.["ui:title"] as string | undefined) ?? (schema.title as string | undefined) ?? "Timeframe";
  return (
    <Form.Item
      label={<label htmlFor={`${id}_from`}>{title}</label>}
      validateStatus={rawErrors?.length ? "error" : undefined}
      help={rawErrors?.join(", ")}
    >
      <DatePicker.RangePicker
        id={{ start: `${id}_from`, end: `${id}_to` }}
        showTime={{ format: "HH:mm" }}
        format="YYYY-MM-DD HH:mm"
        allowEmpty={[true, true]}
        value={[value.from ? dayjs(value.from) : null, value.to ? dayjs(value.to) : null]}
        onChange={(range: [Dayjs | null, Dayjs | null] | null) => {
          const from = range?.[0]?.toISOString();
          const to = range?.[1]?.toISOString();
          onChange(
            from || to ? { ...(from ? { from } : {}), ...(to ? { to } : {}) } : undefined,
            fieldPathId.path,
          );
        }}
        onBlur={() => onBlur(id, value)}
        placeholder={["From", "To"]}
      />
    </Form.Item>
  );
}
