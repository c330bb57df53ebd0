import type { ErrorObject, FuncKeywordDefinition, SchemaValidateFunction, ValidateFunction } from "ajv";
import { messages } from "./messages.ts";
import { EMAIL_PATTERN, matches } from "./patterns.ts";

/**
 * The few rules JSON Schema cannot say with the customer's message: the position of a bad recipient
 * e-mail, counting only non-blank options, and dispatching a feature to its registered type. They are
 * ordinary ajv keywords, added by `extendAjv` to the server's ajv and to the builder's RJSF validator alike.
 */

type Lookup = (type: string) => ValidateFunction | undefined;
let featureLookup: Lookup = () => undefined;

/** The feature registry plugs in here (a setter avoids an import cycle between ajv and the registry). */
export function setFeatureLookup(lookup: Lookup): void {
  featureLookup = lookup;
}

type Problem = Partial<ErrorObject> & { message: string };

/**
 * A keyword from a check that returns its problems (paths relative to the checked value) or nothing.
 * ajv reads the errors from the validate function itself, hence the assignment.
 */
function keyword(
  def: Omit<FuncKeywordDefinition, "validate" | "errors">,
  check: (schema: any, data: any) => Problem[] | undefined,
): FuncKeywordDefinition {
  const validate: SchemaValidateFunction = (schema, data, _parent, cxt) => {
    const problems = check(schema, data);
    if (!problems?.length) return true;
    const base = cxt?.instancePath ?? "";
    validate.errors = problems.map((p) => ({
      keyword: def.keyword as string,
      params: {},
      ...p,
      instancePath: base + (p.instancePath ?? ""),
    }));
    return false;
  };
  return { ...def, errors: true, validate };
}

const isBlank = (v: unknown) => typeof v !== "string" || v.trim() === "";
const isEmail = (v: unknown) => typeof v === "string" && matches(EMAIL_PATTERN, v.trim());

/**
 * `recipientEmails: true` on a Recipient form field: the e-mail behind each non-blank option must be valid,
 * reported on `values` by 1-based position as a person counts the dropdown's items (spec §5).
 */
const recipientEmails = keyword(
  { keyword: "recipientEmails", type: "object", schemaType: "boolean" },
  (on: boolean, field: Record<string, unknown>) => {
    if (!on) return;
    const values = Array.isArray(field.values) ? field.values : [];
    const options = Array.isArray(field.options) ? field.options : values;
    const bad = options.findIndex((option, i) => !isBlank(option) && !isEmail(values[i]));
    if (bad < 0) return;
    const position = bad + 1;
    return [{ instancePath: "/values", message: messages.recipientEmailAt(position), params: { position } }];
  },
);

/** `minNonBlank: n` on an array: at least n items that are non-blank strings (spec §5, dropdown options). */
const minNonBlank = keyword(
  { keyword: "minNonBlank", type: "array", schemaType: "number" },
  (n: number, items: unknown[]) =>
    items.filter((v) => !isBlank(v)).length >= n
      ? undefined
      : [{ message: messages.minItems(n), params: { limit: n } }],
);

/**
 * `featureType: true` on an object: validates it with the schema registered for its `type`. The lookup is
 * made at validation time, so a type registered after the server compiled its routes is still enforced.
 */
const featureType = keyword(
  { keyword: "featureType", type: "object", schemaType: "boolean", modifying: true /* fills defaults */ },
  (on: boolean, feature: Record<string, unknown>) => {
    if (!on) return;
    const type = feature.type;
    if (isBlank(type))
      return [{ keyword: "required", message: messages.required, params: { missingProperty: "type" } }];
    const validateType = featureLookup(type as string);
    if (!validateType)
      return [
        { instancePath: "/type", message: messages.unknownFeatureType(type as string), params: { type } },
      ];
    if (validateType(feature)) return;
    return (validateType.errors ?? []).map((e) => ({ ...e, message: e.message ?? "invalid value" }));
  },
);

export const keywords: FuncKeywordDefinition[] = [recipientEmails, minNonBlank, featureType];
