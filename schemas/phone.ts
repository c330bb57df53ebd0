import type { TString } from "@sinclair/typebox";
import { messages } from "./messages.ts";
import { PHONE_MAX_PATTERN, PHONE_MIN_PATTERN, PHONE_PATTERN } from "./patterns.ts";
import { checkedString, lengths } from "./text.ts";

const [min, max] = lengths.phone;

/**
 * A phone field (spec §5): 4 to 24 characters once +, -, spaces and brackets are removed, then the phone
 * format. Lengths come first so a too-short number gets the length message rather than the format one.
 */
export function phone(opts: { required?: boolean; title?: string; description?: string } = {}): TString {
  return checkedString(
    {
      allOf: [
        { pattern: PHONE_MIN_PATTERN, errorMessage: messages.min(min) },
        { pattern: PHONE_MAX_PATTERN, errorMessage: messages.max(max) },
        { pattern: PHONE_PATTERN, errorMessage: messages.phone },
      ],
    },
    opts,
  );
}
