import type { TString } from "@sinclair/typebox";
import { messages } from "./messages.ts";
import { URL_CHECK_MAX_LENGTH, URL_PATTERN, WEB_URL_PATTERN } from "./patterns.ts";
import { checkedString } from "./text.ts";

interface UrlFieldOptions {
  required?: boolean;
  title?: string;
  description?: string;
}

/**
 * A URL field: "incorrect url" (spec §5) unless the value is a web address (http or https, scheme optional
 * because saving corrects it, no credentials, no control characters) or an app-opening social link (the
 * URL policy, core/url-policy.ts). Values over 10000 characters are not checked and pass, as the
 * customer's rule says; the policy still refuses to follow them unless they pass it.
 */
export function url(opts: UrlFieldOptions = {}): TString {
  return checkedString({ pattern: URL_PATTERN, errorMessage: messages.url }, opts, {
    type: "string",
    pattern: "\\S",
    maxLength: URL_CHECK_MAX_LENGTH,
  });
}

/**
 * A web page address (http or https only, no app links) that the console may send a browser to, such as a
 * portal URL: always checked ("incorrect url"), at most `maxLength` characters.
 */
export function webUrl(opts: UrlFieldOptions & { maxLength?: number } = {}): TString {
  const { maxLength = 2000, ...rest } = opts;
  return checkedString({ pattern: WEB_URL_PATTERN, maxLength, errorMessage: messages.url }, rest);
}
