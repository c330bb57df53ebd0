type Json = Record<string, any>;

/** Does a value hold anything a person typed or picked (text, a number, a list item)? */
export const hasContent = (v: unknown): boolean => {
  if (typeof v === "string") return v.trim() !== "";
  if (typeof v === "number") return true;
  if (Array.isArray(v)) return v.length > 0;
  if (v && typeof v === "object") return Object.values(v).some(hasContent);
  return false;
};

/**
 * Drops optional objects nobody filled in. RJSF materialises nested optional objects with their boolean
 * defaults (a cover video `{ muted: true }` without a URL) as soon as a sibling changes; saved as is, that
 * half-object would fail validation for a setting the user never touched. `keep` names the optional
 * blocks the user switched on (ObjectFieldTemplate): those stay, so their required fields are asked for.
 */
export function pruneUnfilled<T>(
  schema: Json,
  value: T,
  keep: (path: (string | number)[]) => boolean = () => false,
  at: (string | number)[] = [],
): T {
  if (!value || typeof value !== "object" || Array.isArray(value) || schema?.type !== "object") return value;
  const required = new Set<string>(schema.required ?? []);
  const out: Json = { ...(value as Json) };
  for (const [k, sub] of Object.entries((schema.properties ?? {}) as Json)) {
    const v = out[k];
    if (v === undefined) continue;
    if (sub?.type === "object" && v && typeof v === "object" && !Array.isArray(v)) {
      if (!required.has(k) && !hasContent(v) && !keep([...at, k])) delete out[k];
      else out[k] = pruneUnfilled(sub, v, keep, [...at, k]);
    } else if (sub?.type === "array" && Array.isArray(v) && sub.items?.type === "object") {
      out[k] = v.map((item, i) => pruneUnfilled(sub.items, item, keep, [...at, k, i]));
    }
  }
  return out as T;
}
