import type { WidgetProps } from "@rjsf/utils";
import { Input } from "antd";
import { type ChangeEvent, startTransition } from "react";
import { flushSync } from "react-dom";
import type { FormContext } from "../types.ts";
import { useTypedText } from "./useTypedText.ts";

/**
 * Text inputs that keep up with typing in a large form: the input holds its own text and the draft (and so
 * the preview) is updated at once. RJSF is not told: the draft's value reaches it as formData once typing
 * pauses (SchemaForm), and its own change, a walk of the whole form the browser cannot interrupt, would run
 * on every keystroke (bench/builder-keystroke.ts).
 */
function useFastText(props: WidgetProps) {
  const { id, onChange, options, registry } = props;
  const { text, type, forget } = useTypedText(props.value ?? "", (next) => {
    const v = next === "" ? options.emptyValue : next;
    const ctx = registry.formContext as FormContext;
    if (ctx.fastEdit) flushSync(() => ctx.fastEdit!(id, v));
    else startTransition(() => onChange(v));
  });
  const change = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => type(e.target.value);
  const blur = () => {
    forget();
    props.onBlur(id, text);
  };
  return { text, change, blur };
}

const inputProps = (props: WidgetProps) => ({
  id: props.id,
  name: props.htmlName ?? props.id,
  disabled: props.disabled || props.readonly,
  autoFocus: props.autofocus,
  placeholder: props.placeholder,
  status: props.rawErrors?.length ? ("error" as const) : undefined,
  onFocus: () => props.onFocus(props.id, props.value),
});

/** Numbers keep RJSF's own input (which converts the text); only text takes the fast path. */
const isNumber = (props: WidgetProps) => props.schema.type === "number" || props.schema.type === "integer";

export function FastTextWidget(props: WidgetProps) {
  if (isNumber(props)) {
    const { BaseInputTemplate } = props.registry.templates;
    return <BaseInputTemplate {...props} />;
  }
  return <TextInput {...props} />;
}

function TextInput(props: WidgetProps) {
  const { text, change, blur } = useFastText(props);
  return <Input {...inputProps(props)} value={text} onChange={change} onBlur={blur} />;
}

export function FastTextareaWidget(props: WidgetProps) {
  const { text, change, blur } = useFastText(props);
  const rows = (props.options.rows as number | undefined) ?? 4;
  return <Input.TextArea {...inputProps(props)} rows={rows} value={text} onChange={change} onBlur={blur} />;
}
