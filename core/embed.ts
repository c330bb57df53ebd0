/** How a host page names the widget's container; the loader and every snippet agree through these. */
export const EMBED_CONTAINER_ID = "brand-app";
export const EMBED_APP_ID_ATTRIBUTE = "data-app-id";
/** Several widgets on one page use the class instead of the id. */
export const EMBED_CONTAINER_SELECTOR = `#${EMBED_CONTAINER_ID}[${EMBED_APP_ID_ATTRIBUTE}], .${EMBED_CONTAINER_ID}[${EMBED_APP_ID_ATTRIBUTE}]`;
export const EMBED_MISSING_WARNING =
  "brand-app: no container with the app id was found on this page. Copy the full script from the portal.";

const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The paste-in snippet: a named container with the app id, and the async loader. */
export function embedSnippet(origin: string, appId: string): string {
  return [
    `<div id="${EMBED_CONTAINER_ID}" ${EMBED_APP_ID_ATTRIBUTE}="${escapeAttr(appId)}"></div>`,
    `<script async src="${escapeAttr(origin)}/sdk/embed.js"></script>`,
  ].join("\n");
}
