import { followableUrl } from "../../core/url-policy.ts";

/**
 * User content is inert: every address a business user typed goes through here before it becomes an href,
 * src or window.open target. Absolute addresses follow the product's one URL policy (core/url-policy.ts:
 * http, https or an app-opening social link, no credentials, no control characters), so `javascript:`,
 * `data:` and `vbscript:` links can never run in a host page. The widget's own tel:, sms: and mailto:
 * links are built by the helpers below, never taken from stored text.
 */

// A base that no real address has: a relative path must stay on it when resolved, exactly as the
// browser resolves it against the host page (the same WHATWG parser, backslashes and all).
const BASE = "https://relative.invalid/";
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function relativePath(v: string): boolean {
  if (!/^[/.?#]/.test(v) || /^\/[/\\]/.test(v)) return false;
  try {
    return new URL(v, BASE).origin === new URL(BASE).origin;
  } catch {
    return false;
  }
}

function safe(value: string | null | undefined, image: boolean): string | undefined {
  const v = (value ?? "").trim();
  if (!v || CONTROL.test(v)) return undefined;
  if (relativePath(v)) return v;
  // Protocol-relative ("//cdn.example.com/x") takes the page's scheme, which is http or https.
  const opts = { appLinks: !image, syntax: !image };
  if (v.startsWith("//")) return followableUrl(`https:${v}`, { ...opts, appLinks: false }) ? v : undefined;
  // Image paths are not corrected on save, so one without http(s) is not read as "host:port" either.
  if (image && !/^https?:/i.test(v)) return undefined;
  return followableUrl(v, opts);
}

/**
 * The address when it is safe to follow (scheme added when missing), else undefined. Relative paths on
 * the page's own site and protocol-relative web addresses pass.
 */
export function safeUrl(value: string | null | undefined): string | undefined {
  return safe(value, false);
}

/**
 * An image source: web addresses, relative paths and inline raster images only. Uploaded image paths are
 * not URL-checked by the schemas, so only the policy's scheme, credential and control-character rules apply.
 */
export function safeImage(value: string | null | undefined): string | undefined {
  const v = (value ?? "").trim();
  if (/^data:image\/(png|jpe?g|gif|webp);/i.test(v) && !CONTROL.test(v)) return v;
  return safe(v, true);
}

/** A telephone link: digits, +, *, # and the extension comma only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+*#,]/g, "")}`;
export const smsHref = (phone: string): string => `sms:${phone.replace(/[^\d+]/g, "")}`;
export const mailHref = (email: string): string =>
  `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, "@")}`;
