import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import ajvErrors from "ajv-errors";
import addFormats from "ajv-formats";

/**
 * The one ajv setup of the product. Bodies are validated strictly (no coercion); query strings and path
 * parameters arrive as text, so their instance coerces. Both are configured by the same function so they
 * can never drift apart.
 */
function createAjv(coerceTypes: boolean) {
  const ajv = new Ajv({
    allErrors: true, // ajv-errors needs every error to pick the customer's message
    useDefaults: true,
    coerceTypes,
    strict: false, // schemas carry UI hints (x-ui, uiSchema) for the builder's editors
    removeAdditional: false,
  });
  addFormats(ajv);
  ajvErrors(ajv);
  return ajv;
}

export const ajv = createAjv(false);
export const ajvCoerce = createAjv(true);

const cache = new WeakMap<object, ValidateFunction>();

/** Compiles a schema once and caches the validator by the schema object itself. */
export function compile(schema: object, coerce = false): ValidateFunction {
  const hit = cache.get(schema);
  if (hit && !coerce) return hit;
  const fn = (coerce ? ajvCoerce : ajv).compile(schema);
  if (!coerce) cache.set(schema, fn);
  return fn;
}

export interface FieldError {
  /** JSON pointer of the field, e.g. "/definition/name". */
  path: string;
  message: string;
}

/**
 * Turns ajv errors into one message per field. `required` errors point at the parent, so the missing
 * property is appended to the path; the `if` wrapper error that ajv adds beside a failed `then` is dropped.
 */
export function toFieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
    if (e.keyword === "if") continue;
    let path = e.instancePath;
    if (e.keyword === "required") path += `/${(e.params as { missingProperty: string }).missingProperty}`;
    if (e.keyword === "errorMessage") {
      const inner = (e.params as { errors?: ErrorObject[] }).errors?.[0];
      if (inner?.keyword === "required")
        path += `/${(inner.params as { missingProperty: string }).missingProperty}`;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: e.message ?? "invalid value" });
  }
  return out;
}

/** Validates data against a schema; returns the field errors (empty when valid). */
export function validate(schema: object, data: unknown): FieldError[] {
  const fn = compile(schema);
  return fn(data) ? [] : toFieldErrors(fn.errors);
}
