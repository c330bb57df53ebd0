import type { FieldError } from "../../../schemas/ajv.ts";
import { getFeatureType } from "../../../schemas/features/registry.ts";

/** Where a save error sits, in words a user reads, and where the fix is. */
export interface LocatedError {
  /** 'Loyalty card, Code: value should be minimum 5 characters' */
  text: string;
  /** The feature the error is in (absent for app-level fields such as the name). */
  featureId?: string;
  /** The field's pointer inside the feature (or the definition), e.g. "/code". */
  field: string;
}

type JsonSchema = {
  title?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** "linkText" -> "Link text": the words of a key the schema gives no title. */
export const humanize = (key: string) => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A property's schema, looking through anyOf/oneOf/allOf branches (TypeBox unions, conditional types). */
function propertyOf(schema: JsonSchema | undefined, key: string): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties?.[key]) return schema.properties[key];
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const found = propertyOf(branch, key);
    if (found) return found;
  }
  return undefined;
}

/** The field's name in words: the schema titles along the pointer, list positions counted from 1. */
export function fieldWords(schema: JsonSchema | undefined, pointer: string): string {
  const parts: string[] = [];
  let node = schema;
  for (const seg of pointer.split("/").filter(Boolean)) {
    if (/^\d+$/.test(seg)) {
      parts.push(`item ${Number(seg) + 1}`);
      node = node?.items;
      continue;
    }
    node = propertyOf(node, seg);
    parts.push(node?.title || humanize(seg));
  }
  return parts.join(", ");
}

/**
 * Validator wording (ajv's defaults) in the product's voice: 'must be <= 100' reads 'value should be at
 * most 100', and 'must NOT have additional properties' names no property, so it says what to do instead.
 */
export function plainMessage(message: string): string {
  const compare = /^must be (<=|>=|<|>) (-?[\d.]+)$/.exec(message);
  if (compare) {
    const words = { "<=": "at most", ">=": "at least", "<": "less than", ">": "more than" } as const;
    return `value should be ${words[compare[1] as keyof typeof words]} ${compare[2]}`;
  }
  if (message === "must NOT have additional properties")
    return "this field is not part of the form; remove it";
  const length = /^must NOT have (more|fewer) than (\d+) (characters|items)$/.exec(message);
  if (length)
    return `value should be ${length[1] === "more" ? "maximum" : "minimum"} ${length[2]} ${length[3]}`;
  if (/^must match pattern /.test(message)) return "value has the wrong format";
  return message;
}

/**
 * Names the feature and the field of a save error ('Loyalty card, Code: value should be minimum 5
 * characters') from the definition it was found in; a definition-level field is named alone ('Name: ...').
 */
export function describeError(
  definition: { features?: unknown[] } & Record<string, unknown>,
  error: FieldError,
  definitionSchema?: object,
): LocatedError {
  const message = plainMessage(error.message);
  const inFeature = /^\/features\/(\d+)(\/.*)?$/.exec(error.path);
  const feature = inFeature
    ? (definition.features?.[Number(inFeature[1])] as
        | { id?: string; type?: string; title?: string }
        | undefined)
    : undefined;
  if (inFeature && feature) {
    const module = feature.type ? getFeatureType(feature.type) : undefined;
    const featureName = module?.label || feature.title || feature.type || "Feature";
    const field = inFeature[2] ?? "";
    const words = field ? fieldWords(module?.schema as JsonSchema | undefined, field) : "";
    return {
      text: words ? `${featureName}, ${words}: ${message}` : `${featureName}: ${message}`,
      featureId: feature.id,
      field,
    };
  }
  const words = fieldWords(definitionSchema as JsonSchema | undefined, error.path);
  return { text: words ? `${words}: ${message}` : message, field: error.path };
}

/** A server message that starts with a JSON pointer ('/features/5/code: ...') as a FieldError. */
export function pointerMessage(message: string): FieldError | null {
  const m = /^(\/[^\s:]+): (.+)$/s.exec(message);
  return m ? { path: m[1].replace(/^\/definition(?=\/)/, ""), message: m[2] } : null;
}
