import type { TString } from "@sinclair/typebox";
import { messages } from "./messages.ts";
import { URL_CHECK_MAX_LENGTH, URL_PATTERN } from "./patterns.ts";
import { checkedString } from "./text.ts";

/**
 * A URL field: "incorrect url" (spec §5). Values over 10000 characters are not checked and pass, as the
 * customer's rule says; the scheme may be missing because saving corrects it (core/url.ts).
 */
export function url(opts: { required?: boolean; title?: string; description?: string } = {}): TString {
  return checkedString({ pattern: URL_PATTERN, errorMessage: messages.url }, opts, {
    type: "string",
    pattern: "\\S",
    maxLength: URL_CHECK_MAX_LENGTH,
  });
}
