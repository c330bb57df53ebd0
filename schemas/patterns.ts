/**
 * The regular expressions behind spec §5. They are plain strings so that the JSON Schemas (ajv, RJSF, the API
 * docs) and core/ (URL correction, sign-in identifier) test text the same way. ajv compiles them with the
 * `u` flag; each is written to run in linear time, because a hostile body may send 10,000-character values.
 */

/** Simple e-mail of spec §5: non-space text, @, text, dot, text. */
export const EMAIL_PATTERN = "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$";

const LIST_EMAIL = "[^\\s@,]+@[^\\s@,]+\\.[^\\s@,]+";
/** A comma-separated list of e-mails (spaces around commas and one trailing comma tolerated). */
export const EMAIL_LIST_PATTERN = `^\\s*${LIST_EMAIL}(?:\\s*,\\s*${LIST_EMAIL})*\\s*,?\\s*$`;

// Phone lengths count what is left after removing +, -, spaces and brackets (spec §5): each counted
// character is one non-separator followed by any separators, so the groups cannot overlap.
const SEP = "[\\s+\\-()]";
const NON_SEP = "[^\\s+\\-()]";
export const PHONE_MIN_PATTERN = `^${SEP}*(?:${NON_SEP}${SEP}*){4,}$`;
export const PHONE_MAX_PATTERN = `^${SEP}*(?:${NON_SEP}${SEP}*){0,24}$`;
/** Optional plus, country code and separators, digit groups (spec §5). */
export const PHONE_PATTERN =
  "^\\+?(?:\\d{1,4}[\\s.\\-]?)?(?:\\(\\d{1,5}\\)[\\s.\\-]?)?\\d+(?:[\\s.\\-]\\d+)*$";
/** The US format (xxx) xxx-xxxx with an optional +1 (spec §5). */
export const US_PHONE_PATTERN = "^(?:\\+?1[\\s.\\-]?)?\\(\\d{3}\\)[\\s.\\-]?\\d{3}[\\s.\\-]?\\d{4}$";

// Control characters (C0, DEL, C1) and white space never belong in an address: browsers drop some of them
// inside a scheme ("java\tscript:"), so they are refused everywhere instead of being stripped.
const VISIBLE = "[^\\s\\p{Cc}]";
const HOST =
  "(?:localhost|(?:\\d{1,3}\\.){3}\\d{1,3}|\\[[\\da-fA-F:.]+\\]|(?:[\\p{L}\\p{N}_][\\p{L}\\p{N}_\\-]*\\.)+\\p{L}{2,63})";
/**
 * A web address: http or https only, and the scheme may be left out because correction adds http://
 * (spec §5). No user name or password before the host: the host is the first thing after the scheme and
 * only a port, a path, a query or a fragment may follow it.
 */
const WEB_URL = `(?:[hH][tT][tT][pP][sS]?://)?${HOST}(?::\\d{1,5})?(?:[/?#]${VISIBLE}*)?`;
/**
 * The app-opening forms that social links are corrected into (core/url.ts correctUrl), and no other
 * scheme: the URL policy of core/url-policy.ts.
 */
export const APP_LINK_SCHEMES = ["fb", "instagram", "twitter", "youtube", "linkedin"] as const;
const APP_URL = `(?:${APP_LINK_SCHEMES.join("|")})://[^\\s\\p{Cc}/?#@\\\\]+(?:[/?#]${VISIBLE}*)?`;
/** A stored link (spec §5 "incorrect url"): a web address or an app-opening social link. */
export const URL_PATTERN = `^(?:${WEB_URL}|${APP_URL})$`;
/** A web address only (http or https): where a link must open a web page, e.g. a portal. */
export const WEB_URL_PATTERN = `^${WEB_URL}$`;
/** spec §5: values over this many characters are not checked (they pass). */
export const URL_CHECK_MAX_LENGTH = 10000;

/** Tests a pattern the way ajv does (unicode flag), for core/ and tests. */
export function matches(pattern: string, value: string): boolean {
  let re = compiled.get(pattern);
  if (!re) {
    re = new RegExp(pattern, "u");
    compiled.set(pattern, re);
  }
  return re.test(value);
}
const compiled = new Map<string, RegExp>();
