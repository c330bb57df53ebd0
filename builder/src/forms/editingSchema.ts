type Json = Record<string, any>;

const cache = new WeakMap<object, object>();

/**
 * The schema RJSF renders from: the contract without its conditional parts (allOf of if/then). RJSF would
 * re-resolve every condition for every list item on every keystroke (hundreds of milliseconds for a
 * contact-us feature with a few groups), yet the conditions only add checks, never fields, and the checks
 * run anyway: SchemaForm's errors come from the full schema through schemas/.
 */
export function editingSchema<S extends object>(schema: S): S {
  const hit = cache.get(schema);
  if (hit) return hit as S;
  const out = strip(schema as Json) as S;
  cache.set(schema, out);
  return out;
}

function strip(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strip);
  if (!node || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (
      k === "allOf" &&
      Array.isArray(v) &&
      v.every((part) => part && typeof part === "object" && "if" in part)
    )
      continue;
    if (k === "if" || k === "then" || k === "else") continue;
    out[k] = strip(v);
  }
  return out;
}
