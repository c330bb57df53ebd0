import { followableUrl } from "../core/url-policy.ts";

/**
 * Everything on the promo page comes from the app's owner, so links, images and colours are checked before
 * they reach an attribute: React escapes text, but it does not stop a `javascript:` URL or CSS smuggled into
 * a style value.
 */

/**
 * A same-origin path, or a web address that passes the product's one URL policy (core/url-policy.ts: http
 * or https, no credentials, no control characters); anything else (javascript:, data:, protocol-relative,
 * `https://user:pw@...`) is dropped. App-opening links are not followed from a web page.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const value = url.trim();
  if (value.startsWith("/") && !value.startsWith("//")) return /[\s\\]/.test(value) ? undefined : value;
  if (value.startsWith("//")) return undefined;
  const allowed = followableUrl(value, { appLinks: false, syntax: false });
  return allowed ? new URL(allowed).href : undefined;
}

/** A URL fit for CSS `url("...")`: a safe href without quotes, brackets of its own, backslashes or spaces. */
export function safeCssUrl(url: string | null | undefined): string | undefined {
  const href = safeHref(url);
  return href && !/["'()\\\s]/.test(href) ? href : undefined;
}

const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\([0-9\s.,%deg/]+\)|[a-z]{3,30})$/i;

/** A CSS colour as the builder's colour picker writes it, or undefined for anything that is not one. */
export const safeColor = (color: string | null | undefined): string | undefined =>
  color && COLOR.test(color.trim()) ? color.trim() : undefined;

/** Absolute URL for tags read by other sites (Open Graph): relative paths are resolved against the origin. */
export function absoluteUrl(url: string | null | undefined, origin: string): string | undefined {
  const href = safeHref(url);
  return href ? new URL(href, origin).href : undefined;
}
