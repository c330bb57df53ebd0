import { safeCssUrl } from "./safe.ts";

/** Where the server serves icon-bank files (server/routes/icons.ts). */
export const ICON_FILES = "/api/icon-files/";

/**
 * The default promo items (schemas/promo.ts) name their icons by meaning; these are the icon-bank files
 * that draw them.
 */
const DEFAULT_ICONS: Record<string, string> = {
  service: "tool.svg",
  specials: "rosette-discount.svg",
  roadside: "lifebuoy.svg",
  glovebox: "file-certificate.svg",
  finance: "cash.svg",
  sales: "speakerphone.svg",
  parts: "engine.svg",
  merchandise: "shopping-bag.svg",
  leasing: "key.svg",
};

const BANK_FILE = /^(\[colorful\])?[a-z0-9]+(-[a-z0-9]+)*\.svg$/;

export interface IconSource {
  src: string;
  /** '[colorful]' icons are drawn in their own colours; the others are tinted with the promo's iconColor. */
  colorful: boolean;
}

/** The image to draw for an item's icon, or null when the value is not an icon we can safely show. */
export function iconSource(icon: string | null | undefined): IconSource | null {
  if (!icon) return null;
  let src: string | undefined;
  if (DEFAULT_ICONS[icon]) src = ICON_FILES + DEFAULT_ICONS[icon];
  else if (BANK_FILE.test(icon)) src = ICON_FILES + icon;
  else if (icon.startsWith(ICON_FILES) && BANK_FILE.test(icon.slice(ICON_FILES.length))) src = icon;
  else src = safeCssUrl(icon);
  return src ? { src, colorful: src.includes("[colorful]") } : null;
}
