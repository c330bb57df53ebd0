import { matches, URL_CHECK_MAX_LENGTH, URL_PATTERN } from "../schemas/patterns.ts";
import { followableUrl, withScheme } from "./url-policy.ts";

export { followableUrl, isAllowedUrl, withScheme } from "./url-policy.ts";

/** The schema's URL rule (spec §5): empty is not a URL; over 10000 characters passes unchecked. */
export function isValidUrl(value: string | null | undefined): boolean {
  const v = value?.trim() ?? "";
  if (!v) return false;
  return v.length > URL_CHECK_MAX_LENGTH || matches(URL_PATTERN, v);
}

interface SocialRule {
  host: RegExp;
  /** Builds the app-opening link from the path segments, or undefined when the path is not a profile. */
  open: (segments: string[], url: URL) => string | undefined;
}

const NOT_PROFILES = new Set([
  "sharer",
  "share",
  "intent",
  "home",
  "login",
  "search",
  "explore",
  "watch",
  "hashtag",
]);
const profile = (segments: string[]) =>
  segments.length >= 1 && !NOT_PROFILES.has(segments[0].toLowerCase()) ? segments[0] : undefined;

/**
 * Social profile links and the forms that open them in the platform's app (spec §5). Facebook's own scheme
 * cannot address a page by name, so its "facewebmodal" form carries the web address.
 */
const SOCIAL: SocialRule[] = [
  {
    host: /(^|\.)(facebook\.com|fb\.com)$/i,
    open: (s, url) =>
      profile(s) ? `fb://facewebmodal/f?href=${encodeURIComponent(webForm(url))}` : undefined,
  },
  {
    host: /(^|\.)instagram\.com$/i,
    open: (s) => (profile(s) ? `instagram://user?username=${encodeURIComponent(s[0])}` : undefined),
  },
  {
    host: /(^|\.)(twitter\.com|x\.com)$/i,
    open: (s) => (profile(s) ? `twitter://user?screen_name=${encodeURIComponent(s[0])}` : undefined),
  },
  {
    host: /(^|\.)youtube\.com$/i,
    open: (s, url) => (profile(s) ? `youtube://${url.host}${url.pathname}` : undefined),
  },
  {
    host: /(^|\.)linkedin\.com$/i,
    open: (s) =>
      (s[0] === "in" || s[0] === "company") && s[1]
        ? `linkedin://${s[0]}/${encodeURIComponent(s[1])}`
        : undefined,
  },
];

const webForm = (url: URL) => `https://${url.host}${url.pathname.replace(/\/$/, "")}`;

/** The app-opening form of a social profile link, or undefined when the link is not one. */
export function toAppLink(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(withScheme(value));
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  const host = url.hostname.replace(/^(www|m|mobile)\./i, "");
  const segments = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const rule of SOCIAL)
    if (rule.host.test(host)) return rule.open(segments, new URL(`https://${host}${url.pathname}`));
  return undefined;
}

/**
 * URL correction on save (spec §5): http:// added when the scheme is missing, and social profile links
 * rewritten to their app-opening forms (pass `appLinks: false` where the link must stay on the web).
 */
export function correctUrl(value: string, opts: { appLinks?: boolean } = {}): string {
  const v = withScheme(value);
  if (!v) return v;
  return (opts.appLinks !== false && toAppLink(v)) || v;
}

/**
 * Where the cover links (spec §2): only when a cover path is set, is a valid URL, nothing is in error and
 * no slider is active; the path is corrected (scheme added) before use. "Valid" is the URL policy
 * (core/url-policy.ts), long values included: a path the schema let through unchecked is never followed.
 */
export function coverLink(opts: {
  coverPath?: string | null;
  sliderActive?: boolean;
  hasError?: boolean;
}): string | undefined {
  if (opts.sliderActive || opts.hasError) return undefined;
  return followableUrl(opts.coverPath);
}
