import Ajv, { type ErrorObject, type Options, type ValidateFunction } from "ajv";
import ajvErrors from "ajv-errors";
import addFormats from "ajv-formats";
import { keywords } from "./keywords.ts";
import { messages } from "./messages.ts";

/**
 * Options every ajv of the product shares, the server's and the builder's RJSF validator alike:
 * all errors (ajv-errors needs them to pick the customer's message), `$data` (password confirmation reads
 * its sibling), and no strict mode because schemas carry UI hints.
 */
export const AJV_OPTIONS = { allErrors: true, $data: true, strict: false } as const satisfies Options;

/**
 * Adds to any ajv what our schemas need: the standard formats, ajv-errors and our keywords. The builder
 * passes this as RJSF's `extenderFn` so its forms show exactly the server's messages.
 */
export function extendAjv<A extends Ajv>(instance: A): A {
  addFormats(instance);
  ajvErrors(instance);
  for (const k of keywords) if (!instance.getKeyword(k.keyword as string)) instance.addKeyword(k);
  return instance;
}

/**
 * How the builder builds its RJSF validator so forms show the server's messages:
 * `customizeValidator(RJSF_VALIDATOR_OPTIONS, localizeErrors)` from @rjsf/validator-ajv8. RJSF's own
 * format setup is switched off because `extendAjv` adds the same formats as the server's ajv.
 */
export const RJSF_VALIDATOR_OPTIONS = {
  ajvOptionsOverrides: AJV_OPTIONS,
  ajvFormatOptions: false,
  extenderFn: extendAjv,
} as const;

/**
 * The one ajv setup of the product. Bodies are validated strictly (no coercion); query strings and path
 * parameters arrive as text, so their instance coerces. Both are configured by the same function so they
 * can never drift apart.
 */
function createAjv(coerceTypes: boolean) {
  return extendAjv(new Ajv({ ...AJV_OPTIONS, useDefaults: true, coerceTypes, removeAdditional: false }));
}

export const ajv = createAjv(false);
export const ajvCoerce = createAjv(true);

const cache = new WeakMap<object, ValidateFunction>();
const coerceCache = new WeakMap<object, ValidateFunction>();

/** Compiles a schema once and caches the validator by the schema object itself. */
export function compile(schema: object, coerce = false): ValidateFunction {
  const store = coerce ? coerceCache : cache;
  const hit = store.get(schema);
  if (hit) return hit;
  const fn = (coerce ? ajvCoerce : ajv).compile(schema);
  store.set(schema, fn);
  return fn;
}

export interface FieldError {
  /** JSON pointer of the field, e.g. "/definition/name". */
  path: string;
  message: string;
}

/**
 * Puts the customer's words on ajv's built-in errors and drops the noise, in place (RJSF's `localizer`
 * contract): a missing property is "value can't be empty" (spec §5), and the `if` error ajv adds beside
 * every failed `then` is removed because the `then` error already says what is wrong.
 */
export function localizeErrors(errors: ErrorObject[] | null | undefined): void {
  if (!errors) return;
  for (let i = errors.length - 1; i >= 0; i--) {
    const e = errors[i];
    if (e.keyword === "if") errors.splice(i, 1);
    else if (e.keyword === "required") e.message = messages.required;
    else if (e.keyword === "enum") e.message = messages.oneOf;
  }
}

const missingProperty = (e: ErrorObject): string | undefined => {
  if (e.keyword === "required") return (e.params as { missingProperty: string }).missingProperty;
  if (e.keyword === "errorMessage") {
    const inner = (e.params as { errors?: ErrorObject[] }).errors?.[0];
    if (inner?.keyword === "required") return (inner.params as { missingProperty: string }).missingProperty;
  }
  return undefined;
};

/**
 * Turns ajv errors into one message per field (the first, in schema order). `required` errors point at the
 * parent, so the missing property is appended to the path.
 */
export function toFieldErrors(errors: ErrorObject[] | null | undefined): FieldError[] {
  const list = [...(errors ?? [])];
  localizeErrors(list);
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const e of list) {
    const missing = missingProperty(e);
    const path = missing === undefined ? e.instancePath : `${e.instancePath}/${missing}`;
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
