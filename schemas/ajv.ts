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

const allErrorsAjv = createAjv(false);
const allErrorsAjvCoerce = createAjv(true);

/**
 * The same setup stopping at the first error. ajv-errors cannot run here (it needs every error), so
 * `errorMessage` is only an annotation and `firstErrorMessages` puts the customer's words on the error.
 */
function createFirstErrorAjv(coerceTypes: boolean) {
  const instance = new Ajv({
    ...AJV_OPTIONS,
    allErrors: false,
    useDefaults: true,
    coerceTypes,
    removeAdditional: false,
  });
  addFormats(instance);
  instance.addKeyword({ keyword: "errorMessage", schemaType: ["string", "object"] });
  for (const k of keywords) if (!instance.getKeyword(k.keyword as string)) instance.addKeyword(k);
  return instance;
}

const firstErrorAjv = createFirstErrorAjv(false);
const firstErrorAjvCoerce = createFirstErrorAjv(true);

/**
 * Values (objects, arrays and scalars) an invalid request may hold and still be checked for every error.
 * Collecting every error costs work and output per bad value, and ajv-errors walks the errors found so far
 * at each message it places, so a body of many bad values could keep the process busy for seconds and
 * answer megabytes. Larger invalid bodies get their first error only.
 */
export const ALL_ERRORS_MAX_VALUES = 2000;

/** At most this many fields are reported per invalid request. */
export const MAX_FIELD_ERRORS = 50;

/** Counts the values of `data`, stopping once past `max` (so the count costs at most `max` steps). */
function countValues(data: unknown, max: number): number {
  let n = 0;
  const stack: unknown[] = [data];
  while (stack.length && n <= max) {
    const v = stack.pop();
    n++;
    if (v !== null && typeof v === "object")
      for (const child of Array.isArray(v) ? v : Object.values(v)) {
        stack.push(child);
        if (stack.length + n > max) return max + 1;
      }
  }
  return n;
}

const cache = new WeakMap<object, ValidateFunction>();
const coerceCache = new WeakMap<object, ValidateFunction>();

/**
 * Compiles a schema once and caches the validator by the schema object itself. Valid data is checked once,
 * stopping at the first error; invalid data is checked again for every error when it holds at most
 * ALL_ERRORS_MAX_VALUES values, otherwise its first error is reported with the message ajv-errors would
 * have put on it. Either way the work is bounded and the messages are the spec's.
 */
export function compile(schema: object, coerce = false): ValidateFunction {
  const store = coerce ? coerceCache : cache;
  const hit = store.get(schema);
  if (hit) return hit;
  const first = (coerce ? firstErrorAjvCoerce : firstErrorAjv).compile(schema);
  let every: ValidateFunction | undefined;
  const fn = ((data: unknown, ctx?: Parameters<ValidateFunction>[1]) => {
    if (first(data, ctx)) {
      fn.errors = null;
      return true;
    }
    if (countValues(data, ALL_ERRORS_MAX_VALUES) <= ALL_ERRORS_MAX_VALUES) {
      every ??= (coerce ? allErrorsAjvCoerce : allErrorsAjv).compile(schema);
      const valid = every(data, ctx);
      fn.errors = valid ? null : every.errors;
      // Cannot happen (errorMessage changes no verdict); should it, the first check's errors still stand.
      if (valid) fn.errors = firstErrorMessages(schema, data, first.errors);
      return false;
    }
    fn.errors = firstErrorMessages(schema, data, first.errors);
    return false;
  }) as ValidateFunction;
  fn.schema = schema;
  fn.errors = null;
  store.set(schema, fn);
  return fn;
}

/**
 * The product's validator factory for code that compiles schemas itself (the feature registry): the same
 * bounded checks as `compile`. A raw every-error ajv is not exported, because one large invalid value
 * checked with every error (ajv-errors walks the errors found so far at each message) keeps the process
 * busy for minutes: one Form of 25,000 bad fields took 416 s.
 */
export const ajv = { compile: (schema: object): ValidateFunction => compile(schema) };

/** Checks `data` stopping at the first error, whatever its size (tests compare it with every-error checks). */
export function validateFirstError(schema: object, data: unknown): FieldError[] {
  const first = firstErrorAjv.compile(schema);
  return first(data) ? [] : toFieldErrors(firstErrorMessages(schema, data, first.errors));
}

type ErrorMessage = string | Record<string, string | Record<string, string>>;
interface SchemaStep {
  schema: Record<string, unknown>;
  /** ajv's errSchemaPath of this schema, e.g. "#/properties/name/then". */
  schemaPath: string;
  /** The instance path of the data this schema checks. */
  instancePath: string;
}

/** Keywords whose next schema-path segment names a subschema (not data). */
const NAMED_SUBSCHEMAS = new Set(["$defs", "definitions", "dependentSchemas", "dependencies"]);
const INDEXED_SUBSCHEMAS = new Set(["allOf", "anyOf", "oneOf"]);
const SUBSCHEMAS = new Set(["not", "if", "then", "else", "propertyNames"]);
/** Keywords that step one level into the data, whatever the next data segment is. */
const DATA_SUBSCHEMAS = new Set([
  "additionalProperties",
  "additionalItems",
  "contains",
  "unevaluatedProperties",
  "unevaluatedItems",
]);
const KEYWORD_PROPERTY_PARAMS: Record<string, string> = {
  required: "missingProperty",
  dependencies: "property",
  dependentRequired: "property",
};

const fromPointer = (s: string) => s.replace(/~1/g, "/").replace(/~0/g, "~");
const toPointer = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * The schemas an error passed through, outermost first, with the data path each one checks: the
 * schemaPath of the error is followed through the schema itself. Errors whose path leaves the schema (a
 * custom keyword's, checked by another schema) stop the walk where it leaves.
 */
function schemaSteps(root: object, error: ErrorObject): SchemaStep[] {
  const raw = error.schemaPath.split("/").slice(1);
  const segments = raw.map((seg) => {
    try {
      return fromPointer(decodeURIComponent(seg));
    } catch {
      return fromPointer(seg);
    }
  });
  const data = error.instancePath.split("/").slice(1);
  let di = 0;
  let step: SchemaStep = { schema: root as Record<string, unknown>, schemaPath: "#", instancePath: "" };
  const steps = [step];
  const nextData = () => (di < data.length ? `${step.instancePath}/${data[di++]}` : undefined);
  for (let i = 0; i < segments.length - 1; i++) {
    const kw = segments[i];
    const value = step.schema[kw];
    let child: unknown;
    let consumed = 1;
    let instancePath: string | undefined = step.instancePath;
    if (kw === "properties" || kw === "patternProperties") {
      child = (value as Record<string, unknown> | undefined)?.[segments[i + 1]];
      consumed = 2;
      instancePath =
        kw === "properties" && data[di] === toPointer(segments[i + 1])
          ? nextData()
          : kw === "patternProperties"
            ? nextData()
            : undefined;
    } else if (NAMED_SUBSCHEMAS.has(kw) || INDEXED_SUBSCHEMAS.has(kw)) {
      child = (value as Record<string, unknown> | undefined)?.[segments[i + 1]];
      consumed = 2;
    } else if (kw === "items" || kw === "prefixItems") {
      if (Array.isArray(value)) {
        child = value[Number(segments[i + 1])];
        consumed = 2;
      } else child = value;
      instancePath = nextData();
    } else if (DATA_SUBSCHEMAS.has(kw)) {
      child = value;
      instancePath = nextData();
    } else if (SUBSCHEMAS.has(kw)) child = value;
    if (child === null || typeof child !== "object" || instancePath === undefined) break;
    const schemaPath = [step.schemaPath, ...raw.slice(i, i + consumed)].join("/");
    step = { schema: child as Record<string, unknown>, schemaPath, instancePath };
    steps.push(step);
    i += consumed - 1;
  }
  return steps;
}

const valueAt = (data: unknown, instancePath: string): unknown =>
  instancePath
    .split("/")
    .slice(1)
    .reduce<unknown>(
      (v, seg) =>
        v !== null && typeof v === "object" ? (v as Record<string, unknown>)[fromPointer(seg)] : undefined,
      data,
    );

/**
 * The message ajv-errors would put on one error, as an ajv-errors error, or the error unchanged. Like
 * ajv-errors, the innermost schema with a matching `errorMessage` wins: keyword messages for its own
 * keywords, property messages (`required: { name: ... }`), `properties`/`items` messages for its children,
 * then a string (or `_`) for everything beneath it.
 */
function withErrorMessage(root: object, data: unknown, error: ErrorObject): ErrorObject {
  if (error.keyword === "errorMessage") return error;
  const steps = schemaSteps(root, error);
  for (let s = steps.length - 1; s >= 0; s--) {
    const { schema, schemaPath, instancePath } = steps[s];
    const em = schema.errorMessage as ErrorMessage | undefined;
    if (em === undefined) continue;
    const replaced = (message: string, at = instancePath): ErrorObject => ({
      keyword: "errorMessage",
      instancePath: at,
      schemaPath: `${schemaPath}/errorMessage`,
      params: { errors: [error] },
      message,
    });
    const own = error.instancePath === instancePath && error.schemaPath === `${schemaPath}/${error.keyword}`;
    if (typeof em === "object") {
      const byKeyword = em[error.keyword];
      if (own && typeof byKeyword === "string" && error.keyword !== "properties" && error.keyword !== "items")
        return replaced(byKeyword);
      if (own && byKeyword && typeof byKeyword === "object") {
        const param = KEYWORD_PROPERTY_PARAMS[error.keyword];
        const prop = param ? (error.params as Record<string, unknown>)[param] : undefined;
        const message = typeof prop === "string" ? byKeyword[prop] : undefined;
        if (typeof message === "string") return replaced(message);
      }
      const children = Array.isArray(valueAt(data, instancePath)) ? em.items : em.properties;
      if (children && typeof children === "object" && error.instancePath.startsWith(`${instancePath}/`)) {
        const child = error.instancePath.slice(instancePath.length + 1).split("/")[0];
        const message = (children as Record<string, string>)[fromPointer(child)];
        if (typeof message === "string") return replaced(message, `${instancePath}/${child}`);
      }
    }
    const all = typeof em === "string" ? em : em._;
    if (typeof all === "string" && error.schemaPath.startsWith(`${schemaPath}/`)) return replaced(all);
  }
  return error;
}

/** The first check's errors (one, or a few from inside anyOf/oneOf) with the spec's messages on them. */
function firstErrorMessages(
  schema: object,
  data: unknown,
  errors: ErrorObject[] | null | undefined,
): ErrorObject[] {
  return (errors ?? []).slice(0, MAX_FIELD_ERRORS).map((e) => withErrorMessage(schema, data, e));
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
  // Compacted in one pass: splicing each `if` error out would cost the length of the list per error.
  let kept = 0;
  for (const e of errors) {
    if (e.keyword === "if") continue;
    if (e.keyword === "required") e.message = messages.required;
    else if (e.keyword === "enum") e.message = messages.oneOf;
    errors[kept++] = e;
  }
  errors.length = kept;
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
 * Turns ajv errors into one message per field (the first, in schema order), at most MAX_FIELD_ERRORS
 * fields. `required` errors point at the parent, so the missing property is appended to the path.
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
    if (out.length === MAX_FIELD_ERRORS) break;
  }
  return out;
}

/** Validates data against a schema; returns the field errors (empty when valid). */
export function validate(schema: object, data: unknown): FieldError[] {
  const fn = compile(schema);
  return fn(data) ? [] : toFieldErrors(fn.errors);
}
