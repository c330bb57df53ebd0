import type { ErrorSchema } from "@rjsf/utils";
import type { FieldError } from "../../../schemas/index.ts";

/** The RJSF id of the field a JSON pointer names ("/groups/0/name" under "root" is "root_groups_0_name"). */
export const pointerToId = (pointer: string, prefix = "root"): string =>
  [prefix, ...pointer.split("/").filter(Boolean)].join("_");

/** Is the field with this id, or a field inside it, in the touched set? */
const isTouched = (id: string, touched: ReadonlySet<string>) => {
  if (touched.has(id)) return true;
  for (const t of touched) if (t.startsWith(`${id}_`) || id.startsWith(`${t}_`)) return true;
  return false;
};

/**
 * The errors to show as an RJSF error schema: all of them after a save attempt, otherwise only those of
 * fields the user has left (errors show on blur and on save, not on untouched fields).
 */
export function visibleErrors(
  errors: FieldError[],
  touched: ReadonlySet<string>,
  showAll: boolean,
  prefix = "root",
): ErrorSchema {
  const out: Record<string, any> = {};
  for (const e of errors) {
    if (!showAll && !isTouched(pointerToId(e.path, prefix), touched)) continue;
    let node = out;
    for (const seg of e.path.split("/").filter(Boolean)) {
      node[seg] ??= {};
      node = node[seg];
    }
    node.__errors ??= [];
    node.__errors.push(e.message);
  }
  return out as ErrorSchema;
}

/** The ids of the fields an RJSF error schema holds errors for ({groups: {1: {name: {__errors}}}} under "root" is "root_groups_1_name"). */
export function errorIdsOf(schema: ErrorSchema, prefix = "root"): string[] {
  const ids: string[] = [];
  const walk = (node: Record<string, unknown>, id: string) => {
    for (const [key, child] of Object.entries(node)) {
      if (key === "__errors") {
        if (Array.isArray(child) && child.length) ids.push(id);
      } else if (child && typeof child === "object") walk(child as Record<string, unknown>, `${id}_${key}`);
    }
  };
  walk(schema as Record<string, unknown>, prefix);
  return ids;
}
