import { type TString, Type } from "@sinclair/typebox";
import { messages } from "./messages.ts";

/**
 * Text fields of spec §5. A required text is not blank and, once it has content, sits in [min, max];
 * an optional text may be empty (skipped) and otherwise follows the same lengths.
 */
export function text(min: number, max: number, opts: { required?: boolean; title?: string } = {}): TString {
  const lengths = {
    if: { type: "string", pattern: "\\S" },
    then: {
      minLength: min,
      maxLength: max,
      errorMessage: { minLength: messages.min(min), maxLength: messages.max(max) },
    },
  };
  if (opts.required)
    return Type.String({
      title: opts.title,
      pattern: "\\S",
      ...lengths,
      errorMessage: { type: messages.required, pattern: messages.required },
    });
  return Type.String({ title: opts.title, ...lengths });
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

/** Simple e-mail pattern of spec §5: non-space text, @, text, dot, text. */
export const EMAIL_PATTERN = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$";

export function email(opts: { required?: boolean } = {}): TString {
  if (opts.required)
    return Type.String({
      pattern: "\\S",
      allOf: [{ if: { pattern: "\\S" }, then: { pattern: EMAIL_PATTERN, errorMessage: messages.email } }],
      errorMessage: { type: messages.required, pattern: messages.required },
    });
  return Type.String({
    if: { type: "string", minLength: 1 },
    then: { pattern: EMAIL_PATTERN, errorMessage: messages.email },
  });
}

export function password(): TString {
  return Type.String({
    pattern: "\\S",
    allOf: [{ if: { pattern: "\\S" }, then: { minLength: 6, errorMessage: messages.min(6) } }],
    errorMessage: { type: messages.required, pattern: messages.required },
  });
}
