import QRCode from "qrcode";
import { renderToString } from "react-dom/server";
import { withAppName } from "../core/index.ts";
import type { Promo } from "../schemas/index.ts";
import { defaultPromoInSpanish } from "./default-es.ts";
import { headTags } from "./head.ts";
import { PromoPage } from "./PromoPage.tsx";
import { type PoweredByConfig, poweredBy } from "./powered-by.ts";
import type { PromoInput, PromoProps } from "./props.ts";
import { promoStyles } from "./styles.ts";

export interface RenderOptions {
  /** The public origin links and the QR code point at. */
  origin: string;
  poweredBy: PoweredByConfig;
}

/** The app's public link: what the QR code opens and what people share. */
export const promoUrl = (origin: string, appId: string) => `${origin}/promo/${appId}`;

/**
 * QR images by link. A link's QR code never changes and encoding the PNG costs more than rendering the
 * page, so each is made once; the oldest entry goes when the cache is full.
 */
const qrCache = new Map<string, Promise<string>>();
const QR_CACHE_SIZE = 1000;
function qrDataUrl(link: string): Promise<string> {
  let hit = qrCache.get(link);
  if (!hit) {
    hit = QRCode.toDataURL(link, { margin: 1, width: 320, errorCorrectionLevel: "M" });
    // A failed encoding is not kept, so the next request tries again.
    hit.catch(() => qrCache.delete(link));
    if (qrCache.size >= QR_CACHE_SIZE) qrCache.delete(qrCache.keys().next().value as string);
    qrCache.set(link, hit);
  }
  return hit;
}

/** The promo as shown: the app's current name in the title, the default one in the page's language. */
function pagePromo({ promo, isDefault, language, app }: PromoInput): Promo | null {
  if (!promo) return null;
  const name = app.definition.name;
  if (isDefault && language === "es") return defaultPromoInSpanish(promo, name);
  return { ...promo, title: withAppName(promo.title, name) };
}

/** Works out the page's props from the spec's inputs: the app's link, its QR code, the 'Powered by' brand. */
export async function promoProps(input: PromoInput, options: RenderOptions): Promise<PromoProps> {
  const appUrl = promoUrl(options.origin, input.appId);
  return {
    ...input,
    // A title saved with the app-name placeholder follows the app's current name.
    promo: pagePromo(input),
    appUrl,
    qrDataUrl: await qrDataUrl(appUrl),
    poweredBy: poweredBy(
      { domainType: input.app.domainType, makeModelType: input.makeModelType, multiappId: input.multiappId },
      options.poweredBy,
      options.origin,
    ),
  };
}

/** Renders the promo page of an app to a complete HTML document, hydrated by /promo-assets/client.js. */
export async function renderPromoPage(input: PromoInput, options: RenderOptions): Promise<string> {
  const props = await promoProps(input, options);
  const body = renderToString(<PromoPage {...props} />);
  // The QR image is already in the HTML; the client reads it back from there instead of a second copy.
  // JSON inside <script> must not be able to close the tag.
  const json = JSON.stringify({ ...props, qrDataUrl: "" }).replace(/</g, "\\u003c");
  return `<!doctype html><html lang="${props.language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
${headTags(props, options.origin)}
<link rel="modulepreload" href="/promo-assets/client.js">
<style>${promoStyles}</style></head><body><div id="promo-root">${body}</div>
<script id="promo-props" type="application/json">${json}</script>
<script type="module" src="/promo-assets/client.js"></script></body></html>`;
}
