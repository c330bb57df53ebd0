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
    if (ctx.fastEdit) {
      flushSync(() => ctx.fastEdit!(id, v));
      // The draft and the preview have the text already; RJSF's copy is brought up to date in a task of its
      // own, so its re-render of the whole form does not hold up the frame that shows the keystroke
      // (bench/builder-keystroke.ts: a feature editor's p95 went from 16-18 ms to 9-10 ms).
      setTimeout(() => startTransition(() => onChange(v)));
    } else startTransition(() => onChange(v));
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
