import type { WidgetProps } from "@rjsf/utils";
import { Input } from "antd";
import { type ChangeEvent, startTransition, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { FormContext } from "../types.ts";

/**
 * Text inputs that keep up with typing in a large form: the input holds its own text, the draft (and so
 * the preview) is updated at once, and RJSF's re-render of the whole form runs as a transition React may
 * interrupt. Values coming back from outside (undo, reload) replace the text unless they are echoes of
 * what was typed since focus.
 */
function useFastText(props: WidgetProps) {
  const { id, value, onChange, options, registry } = props;
  const [text, setText] = useState<string>(value ?? "");
  const typed = useRef(new Set<string>());
  useEffect(() => {
    const v = value ?? "";
    if (!typed.current.has(v)) setText(v);
  }, [value]);
  const change = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const next = e.target.value;
    typed.current.add(next);
    setText(next);
    const v = next === "" ? options.emptyValue : next;
    const ctx = registry.formContext as FormContext;
    // The draft and the preview take the text at once. RJSF is not told: the draft's value reaches it as
    // formData once typing pauses (SchemaForm), and its own change, a walk of the whole form the browser
    // cannot interrupt, would run on every keystroke (bench/builder-keystroke.ts).
    if (ctx.fastEdit) flushSync(() => ctx.fastEdit!(id, v));
    else startTransition(() => onChange(v));
  };
  const blur = () => {
    typed.current.clear();
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
