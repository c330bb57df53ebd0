import { type TArray, type TSchema, type TString, type TUnsafe, Type } from "@sinclair/typebox";
import { messages } from "./messages.ts";

/**
 * A closed list of strings as a JSON Schema `enum` (one clear error, and a plain select in RJSF) typed as
 * the union of its values. Option texts, where they differ from the values, go in the uiSchema
 * (`ui:enumNames`), which is where RJSF 6 reads them.
 */
export function stringEnum<const T extends readonly string[]>(
  values: T,
  opts: { title?: string; default?: T[number]; description?: string } = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({
    type: "string",
    enum: [...values],
    ...opts,
    errorMessage: { type: messages.oneOf, enum: messages.oneOf },
  });
}

/** Feature, coupon and other ids: UUIDs (spec §3: generated on add). */
export const uuid = (opts: { title?: string } = {}): TString => Type.String({ format: "uuid", ...opts });

/** An instant, as the builder's pickers send it (ISO 8601 with a zone). */
export const dateTime = (opts: { title?: string; description?: string } = {}): TString =>
  Type.String({ format: "date-time", ...opts, errorMessage: { format: messages.date } });

/** A calendar date (YYYY-MM-DD): birthdays, referral expiry. */
export const date = (opts: { title?: string } = {}): TString =>
  Type.String({ format: "date", ...opts, errorMessage: { format: messages.date } });

/** spec §3 timeframe from/to; visibility rules live in core/timeframe.ts. */
export const Timeframe = Type.Object(
  { from: Type.Optional(dateTime({ title: "From" })), to: Type.Optional(dateTime({ title: "To" })) },
  { additionalProperties: false, title: "Timeframe" },
);

/**
 * An uploaded image (a path under /api/images or an absolute URL). Not URL-checked: uploads return
 * server-relative paths. The `ui` hint tells the builder to use its upload widget.
 */
export const image = (title = "Image"): TString => Type.String({ title, maxLength: 2000 });

/** An icon of the icon bank; '[colorful]' in the name means full colour (core/icons.ts). */
export const icon = (title = "Icon"): TString => Type.String({ title, maxLength: 500 });

/** A CSS colour as the builder's colour picker writes it. */
export const color = (title: string): TString => Type.String({ title, maxLength: 64 });

/** A list that needs at least `n` items: "at least one item required" (spec §5). */
export function atLeast<T extends TSchema>(n: number, items: T, opts: { title?: string } = {}): TArray<T> {
  return Type.Array(items, { ...opts, minItems: n, errorMessage: { minItems: messages.minItems(n) } });
}
