import type { ObjectFieldTemplateProps } from "@rjsf/utils";
import { Switch } from "antd";
import { useReducer } from "react";
import { hasContent } from "../prune.ts";
import type { FormContext } from "../types.ts";

/** "Add a cover video", "Add an opening time": the words of an optional block's switch. */
export function optionalBlockLabel(title: string): string {
  const words = title.trim().toLowerCase();
  return `Add ${/^[aeiou]/.test(words) ? "an" : "a"} ${words}`;
}

/**
 * An object of the form. The root is the page's form itself (the page has the heading); a nested object is
 * a titled section (a fieldset whose legend is the title, no grey box); an object that is a list item lays
 * its fields out inside the item's card. An optional nested object with required fields sits behind a switch
 * ("Add a cover video"): its fields, and so their "required", only exist once it is switched on.
 */
export function ObjectFieldTemplate({
  title,
  properties,
  fieldPathId,
  required,
  schema,
  uiSchema,
  registry,
  formData,
  disabled,
  readonly,
}: ObjectFieldTemplateProps) {
  const id = fieldPathId.$id;
  const path = fieldPathId.path;
  const fields = properties.filter((p) => !p.hidden).map((p) => p.content);
  const help = (uiSchema?.["ui:description"] as string | undefined) ?? schema.description;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  if (path.length === 0)
    return (
      <div id={id} className="form-root">
        {help ? <p className="form-section-help">{help}</p> : null}
        {fields}
      </div>
    );
  if (typeof path[path.length - 1] === "number")
    return (
      <div id={id} className="form-item-fields">
        {fields}
      </div>
    );

  const ctx = registry.formContext as FormContext;
  // The switch is for an optional block with required fields of its own (a cover video's URL): without it,
  // those fields would be asked for while the block is not wanted. A block whose fields are all optional (a
  // geofence's audience filters) is simply shown.
  const ownRequired = Array.isArray(schema.required) && schema.required.length > 0;
  const optional = !required && ownRequired && Boolean(ctx.openBlocks && ctx.setValue);
  const on = !optional || ctx.openBlocks!.has(id) || hasContent(formData);
  const heading = (uiSchema?.["ui:title"] as string | undefined) ?? title;
  const switchId = `${id}__switch`;
  const toggle = (checked: boolean) => {
    if (checked) {
      ctx.openBlocks!.add(id);
      const start = registry.schemaUtils.getDefaultFormState(schema, undefined, "excludeObjectChildren");
      ctx.setValue!(id, start && typeof start === "object" ? start : {});
    } else {
      ctx.openBlocks!.delete(id);
      ctx.setValue!(id, undefined);
    }
    rerender();
  };
  return (
    <fieldset id={id} className="form-section">
      {heading ? <legend className="form-section-title">{heading}</legend> : null}
      {help ? <p className="form-section-help">{help}</p> : null}
      {optional ? (
        <div className="form-section-switch">
          <Switch id={switchId} checked={on} disabled={disabled || readonly} onChange={toggle} size="small" />
          <label htmlFor={switchId}>{optionalBlockLabel(heading || "details")}</label>
        </div>
      ) : null}
      {on ? <div className="form-section-body">{fields}</div> : null}
    </fieldset>
  );
}
