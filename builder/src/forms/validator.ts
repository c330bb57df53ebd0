import { customizeValidator } from "@rjsf/validator-ajv8";
import { AJV_OPTIONS, extendAjv, localizeErrors } from "../../../schemas/index.ts";

/**
 * RJSF's validator on the product's ajv setup: the same formats, keywords and customer messages as the
 * server. RJSF uses it to resolve if/then schemas; the errors shown come from schemas/ directly
 * (see SchemaForm), so the two can never disagree.
 */
export const validator = customizeValidator(
  // Formats come from extendAjv (the same set as the server), so RJSF must not add its own first.
  { ajvOptionsOverrides: AJV_OPTIONS, ajvFormatOptions: false, extenderFn: (ajv) => extendAjv(ajv) },
  (errors) => localizeErrors(errors as Parameters<typeof localizeErrors>[0]),
);
