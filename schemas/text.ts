import { type TString, Type } from "@sinclair/typebox";
import { messages } from "./messages.ts";
import { EMAIL_LIST_PATTERN, EMAIL_PATTERN } from "./patterns.ts";

export { EMAIL_PATTERN } from "./patterns.ts";

interface FieldOptions {
  required?: boolean;
  title?: string;
  description?: string;
  default?: string;
}

/** What makes a value "given": optional fields that are empty or blank are skipped (spec §5). */
const GIVEN = { type: "string", pattern: "\\S" } as const;

/**
 * A string field of spec §5. Required: not blank ("value can't be empty"), then `check`. Optional: `check`
 * only once the value has content. The check sits in one if/then so RJSF's schema resolution can follow it.
 */
export function checkedString(
  check: Record<string, unknown>,
  opts: FieldOptions = {},
  given: Record<string, unknown> = GIVEN,
): TString {
  const { required, ...annotations } = opts;
  const conditional = { if: given, then: check };
  if (required)
    return Type.String({
      ...annotations,
      pattern: "\\S",
      ...conditional,
      errorMessage: { type: messages.required, pattern: messages.required },
    });
  return Type.String({ ...annotations, ...conditional });
}

/**
 * Text fields of spec §5. A required text is not blank and, once it has content, sits in [min, max];
 * an optional text may be empty (skipped) and otherwise follows the same lengths.
 */
export function text(min: number, max: number, opts: FieldOptions = {}): TString {
  return checkedString(
    {
      minLength: min,
      maxLength: max,
      errorMessage: { minLength: messages.min(min), maxLength: messages.max(max) },
    },
    opts,
  );
}

/** The lengths table of spec §5 (min to max characters). */
export const lengths = {
  appName: [4, 60],
  slug: [5, 80],
  screenTitle: [1, 30],
  name: [2, 32],
  shortName: [2, 16],
  passCode: [5, 20],
  loyaltyCode: [5, 16],
  longName: [2, 64],
  extraLongName: [2, 100],
  phone: [4, 24],
  message: [5, 140],
  shortMessage: [5, 80],
  longMessage: [5, 280],
  extraMessage: [5, 400],
  message1000: [5, 1000],
  message2000: [5, 2000],
  message5000: [5, 5000],
  pushMessage: [5, 1200],
  address: [5, 140],
} as const satisfies Record<string, readonly [number, number]>;
export type LengthName = keyof typeof lengths;

/** A text field sized by a row of the lengths table. */
export const sized = (name: Exclude<LengthName, "phone">, opts: FieldOptions = {}): TString =>
  text(lengths[name][0], lengths[name][1], opts);

export { LOYALTY_CODE_INPUT_MAX, REFERRAL_FROM_MAX } from "./constants/limits.ts";

export function email(opts: FieldOptions = {}): TString {
  return checkedString({ pattern: EMAIL_PATTERN, errorMessage: messages.email }, opts);
}

/** A comma-separated list of e-mails: "contains invalid email" (spec §5). */
export function emailList(opts: FieldOptions = {}): TString {
  return checkedString({ pattern: EMAIL_LIST_PATTERN, errorMessage: messages.emailList }, opts);
}

/** Password minimum 6 (spec §5). */
export function password(opts: Omit<FieldOptions, "required"> = {}): TString {
  return checkedString({ minLength: 6, errorMessage: messages.min(6) }, { ...opts, required: true });
}

/**
 * The confirmation must equal the sibling `password` (spec §5). `$data` reads the sibling at validation time,
 * which needs ajv's `$data` option (set in schemas/ajv.ts and in the builder's RJSF validator options).
 */
export function passwordConfirmation(sibling = "password"): TString {
  return Type.String({
    pattern: "\\S",
    if: GIVEN,
    then: { const: { $data: `1/${sibling}` }, errorMessage: messages.passwordConfirm },
    errorMessage: { type: messages.required, pattern: messages.required },
  });
}
