/** The promo page surface: what the API server's page routes need to render it. */
export { type PoweredByConfig, poweredByFromEnv } from "./powered-by.ts";
export type { PromoInput } from "./props.ts";
export { promoUrl, type RenderOptions, renderPromoPage } from "./server.tsx";
export { pickLanguage } from "./texts.ts";
