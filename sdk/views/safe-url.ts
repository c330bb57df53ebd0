/**
 * User content is inert: every address a business user typed goes through here before it becomes an href,
 * src or window.open target, so `javascript:`, `data:` and `vbscript:` links can never run in a host page.
 */
const ALLOWED = /^(https?:|mailto:|tel:|sms:)/i;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** The address when it is safe to follow, else undefined. Relative and protocol-relative paths pass. */
export function safeUrl(value: string | null | undefined): string | undefined {
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:"), so test without them.
  const v = (value ?? "").trim();
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const compact = v.replace(/[\u0000-\u0020]/g, "");
  if (!compact) return undefined;
  if (SCHEME.test(compact)) return ALLOWED.test(compact) ? v : undefined;
  return v;
}

/** An image source: web addresses, relative paths and inline raster images only. */
export function safeImage(value: string | null | undefined): string | undefined {
  const v = (value ?? "").trim();
  if (/^data:image\/(png|jpe?g|gif|webp);/i.test(v)) return v;
  const safe = safeUrl(v);
  return safe && !/^(mailto|tel|sms):/i.test(safe) ? safe : undefined;
}

/** A telephone link: digits, +, *, # and the extension comma only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+*#,]/g, "")}`;
export const smsHref = (phone: string): string => `sms:${phone.replace(/[^\d+]/g, "")}`;
export const mailHref = (email: string): string =>
  `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, "@")}`;
