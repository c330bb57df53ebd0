import QRCode from "qrcode";
import { renderToString } from "react-dom/server";
import type { MobileApp } from "../schemas/index.ts";
import { PromoPage, type PromoProps } from "./PromoPage.tsx";

const styles = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f6f8;color:#1f2329}
.promo{max-width:720px;margin:0 auto;padding:40px 20px;text-align:center}
.promo-logo{border-radius:16px;object-fit:contain}
.promo h1{font-size:2rem;margin:16px 0 8px}
.promo-download{font-size:1.1rem;margin:0 0 24px}
.promo-qr img{background:#fff;padding:8px;border-radius:8px}
`;

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Renders the promo page of an app to a complete HTML document. */
export async function renderPromoPage(app: MobileApp, origin: string): Promise<string> {
  const appUrl = `${origin}/promo/${app.appId}`;
  const qrDataUrl = await QRCode.toDataURL(appUrl, { margin: 1, width: 400 });
  const props: PromoProps = { app, appUrl, qrDataUrl };
  const body = renderToString(<PromoPage {...props} />);
  // JSON inside <script> must not be able to close the tag.
  const json = JSON.stringify(props).replace(/</g, "\\u003c");
  const title = escapeHtml(app.definition.name);
  return `<!doctype html><html lang="${app.lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<meta name="description" content="Download ${title} app for exclusive specials.">
<style>${styles}</style></head><body><div id="promo-root">${body}</div>
<script id="promo-props" type="application/json">${json}</script>
<script type="module" src="/promo-assets/client.js"></script></body></html>`;
}
