import {
  COVER_SIZES,
  COVER_WIDTHS,
  hasVariants,
  posterCover,
  SIMULATOR_LOGO_WIDTH,
  variantSrcSet,
  variantUrl,
} from "./images.tsx";
import type { PromoProps } from "./props.ts";
import { absoluteUrl, safeColor, safeHref } from "./safe.ts";
import { promoTexts } from "./texts.ts";

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const meta = (attr: "name" | "property", key: string, value: string | undefined) =>
  value ? `<meta ${attr}="${key}" content="${escapeHtml(value)}">` : "";

const locales = { en: "en_US", es: "es_ES" } as const;

/**
 * The head tags that make a shared link look right (Open Graph, Twitter card), the favicon from the app's
 * logo, and the canonical address. Every value is the owner's text, so each one is escaped.
 */
export function headTags(props: PromoProps, origin: string): string {
  const { app, language } = props;
  const t = promoTexts[language];
  const name = app.definition.name;
  const title = props.promo?.title ?? name;
  const description = t.download(name);
  const logo = safeHref(app.definition.logo);
  // A wide cover makes the better card; the square logo is the fallback.
  const image = absoluteUrl(app.definition.cover, origin) ?? absoluteUrl(logo, origin);
  const themeColor = safeColor(props.promo?.backgroundColor);
  // The cover in the phone frame is the page's largest image on a phone (its Largest Contentful Paint):
  // asked for before the styles and scripts, at the width the screen needs.
  const cover = posterCover(app.definition);
  const preload = hasVariants(cover)
    ? `<link rel="preload" as="image" type="image/webp" imagesrcset="${escapeHtml(variantSrcSet(cover, COVER_WIDTHS))}" imagesizes="${COVER_SIZES}" fetchpriority="high">`
    : "";
  return [
    `<title>${escapeHtml(title)}</title>`,
    preload,
    meta("name", "description", description),
    `<link rel="canonical" href="${escapeHtml(props.appUrl)}">`,
    logo
      ? // The tab's icon is the logo's small WebP variant (the one the page draws anyway) when there is one.
        `<link rel="icon" href="${escapeHtml(variantUrl(logo, SIMULATOR_LOGO_WIDTH))}"${hasVariants(logo) ? ' type="image/webp"' : ""}><link rel="apple-touch-icon" href="${escapeHtml(logo)}">`
      : // Without a logo, the product's own icon (served by server/routes/pages.ts).
        '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    meta("name", "theme-color", themeColor),
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", name),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:url", props.appUrl),
    meta("property", "og:locale", locales[language]),
    meta("property", "og:image", image),
    meta("property", "og:image:alt", image ? t.logoAlt(name) : undefined),
    meta("name", "twitter:card", app.definition.cover ? "summary_large_image" : "summary"),
    meta("name", "twitter:title", title),
    meta("name", "twitter:description", description),
    meta("name", "twitter:image", image),
  ]
    .filter(Boolean)
    .join("\n");
}
