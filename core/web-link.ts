import { withScheme } from "./url.ts";

/**
 * A web link feature's address as the widget opens it (spec §2): trimmed, '[$appId]' replaced by the app
 * id, '[$location]' by nothing, and the scheme added when missing.
 */
export function normalizeWebLink(link: string, appId: string): string {
  const replaced = link
    .trim()
    .split("[$appId]")
    .join(encodeURIComponent(appId))
    .split("[$location]")
    .join("");
  return withScheme(replaced);
}
