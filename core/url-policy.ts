import {
  APP_LINK_SCHEMES,
  matches,
  URL_CHECK_MAX_LENGTH,
  URL_PATTERN,
  WEB_URL_PATTERN,
} from "../schemas/patterns.ts";

/**
 * The one URL policy of the product. An address that is stored or followed (a link, a cover path, a portal
 * URL, a navigation target) is:
 *
 * - http or https, or one of the app-opening social forms that correctUrl produces (fb://, instagram://,
 *   twitter://, youtube://, linkedin://), and nothing else (no javascript:, data:, ftp:, mailto:...);
 * - without a user name or password (`https://bank.example@evil.example` is refused);
 * - without control characters or white space anywhere.
 *
 * A missing scheme is corrected to http:// (spec §5). The schemas test the same rule with URL_PATTERN and
 * WEB_URL_PATTERN (schemas/patterns.ts), so the server and the builder's forms refuse the rest with
 * "incorrect url". The schemas let values over 10000 characters pass unchecked (spec §5); those are
 * still only ever followed when they pass here, where the browser's own URL parser has the last word.
 */
export { APP_LINK_SCHEMES };

export interface UrlPolicyOptions {
  /** Allow the app-opening social forms (default true); false where a web page must open (portal, images). */
  appLinks?: boolean;
  /**
   * Also test the schema's address syntax (default true): host names with a top-level domain, localhost or
   * an IP. False only for values the schemas do not URL-check (uploaded image paths); the scheme,
   * credential and control-character rules hold either way.
   */
  syntax?: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f-\u009f]/;
/** A scheme, unless what follows the colon is a port ("localhost:8080", "example.com:8443/x"). */
const SCHEME = /^[a-z][a-z\d+.-]*:(?!\d{1,5}(?:[/?#]|$))/i;

const isAppProtocol = (protocol: string) =>
  (APP_LINK_SCHEMES as readonly string[]).includes(protocol.slice(0, -1));

/** Adds http:// when the value has no scheme (spec §5). Blank stays blank; "//host" is left alone. */
export function withScheme(value: string): string {
  const v = value.trim();
  if (!v || SCHEME.test(v) || v.startsWith("//")) return v;
  return `http://${v}`;
}

/**
 * The address to store or follow, with http:// added when the scheme is missing, or undefined when the
 * value breaks the policy (see above). Blank values are undefined too.
 */
export function followableUrl(
  value: string | null | undefined,
  opts: UrlPolicyOptions = {},
): string | undefined {
  const v = (value ?? "").trim();
  if (!v || UNSAFE_CHARACTERS.test(v)) return undefined;
  const appLinks = opts.appLinks !== false;
  if (
    opts.syntax !== false &&
    v.length <= URL_CHECK_MAX_LENGTH &&
    !matches(appLinks ? URL_PATTERN : WEB_URL_PATTERN, v)
  )
    return undefined;
  const corrected = withScheme(v);
  let url: URL;
  try {
    url = new URL(corrected);
  } catch {
    return undefined;
  }
  if (url.username || url.password) return undefined;
  const web = url.protocol === "http:" || url.protocol === "https:";
  if (web ? !url.hostname : !(appLinks && isAppProtocol(url.protocol))) return undefined;
  return corrected;
}

/** Whether a value passes the URL policy (see followableUrl). */
export const isAllowedUrl = (value: string | null | undefined, opts: UrlPolicyOptions = {}): boolean =>
  followableUrl(value, opts) !== undefined;
