import type { UiSchema } from "../../../schemas/index.ts";

type Json = Record<string, any>;

/**
 * Widget choices by the shape of a schema, so no per-type form is written by hand: the registry's
 * uiSchemas say what only they know, and these rules fill in the rest everywhere in the tree.
 * Rules (first match): a custom form's field gets the field builder; a from/to date-time object is a timeframe; a string property named like an image
 * is an upload; one ending in Color a colour picker; icon and stampIcon the icon bank; the theme's layout the layout picker.
 */
const rules: Array<(key: string, schema: Json) => Json | undefined> = [
  // A contact method (type, value, extras): the value is hinted and the extension offered by type.
  (_k, s) =>
    s.type === "object" &&
    s.properties?.type?.enum?.includes?.("PhoneNumber") &&
    s.properties?.value &&
    s.properties?.extras
      ? { "ui:field": "contactMethod" }
      : undefined,
  // A custom form's field (name, type, options, values): the field builder shows options by type.
  (_k, s) =>
    s.type === "object" &&
    s.properties?.name &&
    s.properties?.type &&
    s.properties?.options &&
    s.properties?.values
      ? { "ui:field": "formField" }
      : undefined,
  (_k, s) =>
    s.type === "object" && s.properties?.from && s.properties?.to && Object.keys(s.properties).length === 2
      ? { "ui:field": "timeframe" }
      : undefined,
  (k, s) =>
    s.type === "string" && /(^|[a-z])(image|logo|cover|bottomLogo)$/i.test(k)
      ? { "ui:widget": "image" }
      : undefined,
  (k, s) => (s.type === "string" && /Color$/.test(k) ? { "ui:widget": "color" } : undefined),
  (k, s) => (s.type === "string" && /^(icon|stampIcon)$/.test(k) ? { "ui:widget": "icon" } : undefined),
  // The theme's layout: pictures of the home screen, not code names.
  (k, s) => (k === "layout" && s.enum?.includes?.("SingleRow") ? { "ui:widget": "layout" } : undefined),
  (k, s) =>
    s.type === "string" &&
    /^(description|message|text|disclaimer|instructions|certificateDescription)$/.test(k)
      ? { "ui:widget": "textarea" }
      : undefined,
];

const objectProperties = (schema: Json): Json => {
  const props = { ...(schema.properties ?? {}) };
  // Conditional branches (if/then) may add properties (a contact method's value by type).
  for (const part of schema.allOf ?? []) Object.assign(props, part.then?.properties ?? {});
  return props;
};

export function enhanceUiSchema(schema: Json, ui: UiSchema = {}, key = ""): UiSchema {
  const out: Json = { ...ui };
  if (key && !out["ui:widget"] && !out["ui:field"]) {
    for (const rule of rules) {
      const hint = rule(key, schema);
      if (hint) {
        Object.assign(out, hint);
        break;
      }
    }
  }
  if (["timeframe", "formField", "contactMethod"].includes(out["ui:field"] as string)) return out;
  if (schema.type === "object") {
    for (const [k, s] of Object.entries(objectProperties(schema))) {
      if (!s || typeof s !== "object") continue;
      const merged = enhanceUiSchema(s as Json, (ui as Json)[k] as UiSchema | undefined, k);
      if (Object.keys(merged).length) out[k] = merged;
    }
  }
  if (schema.type === "array" && schema.items && typeof schema.items === "object") {
    const items = enhanceUiSchema(
      schema.items,
      (ui as Json).items as UiSchema | undefined,
      key.replace(/s$/, ""),
    );
    if (Object.keys(items).length) out.items = items;
  }
  return out;
}
