import { useEffect, useState } from "react";
import type { MobileApp } from "../../schemas/index.ts";
import { type Lang, translator } from "../../sdk/views/i18n.ts";
import { AppBanner } from "../../sdk/views/ui/AppBanner.tsx";
import { fill, type PortalTexts } from "./texts.ts";

/**
 * Our App (spec §2): the app-download banner ('Download the free app for exclusive specials.' in English,
 * Spanish or French, the widget's own banner) and a QR code of the app's public page (the promo page, with
 * its store buttons), drawn here in the browser: qrcode loads with this section, not with the first view.
 */
export function OurApp({ app, t, lang }: { app: MobileApp; t: PortalTexts; lang: Lang }) {
  const link = `${location.origin}/promo/${encodeURIComponent(app.appId)}`;
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then((m) => m.toString(link, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then((svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setQr(null));
    return () => {
      live = false;
    };
  }, [link]);
  const name = app.definition.name;
  return (
    <div className="pt-card pt-our-app" lang={lang}>
      <div className="ba-root pt-banner-host">
        <AppBanner lang={lang} href={link} />
      </div>
      <div className="pt-qr">
        <div>
          <h3>{fill(t.ourAppTitle, { app: name })}</h3>
          <p>{translator(lang)("banner.text")}</p>
          <p className="pt-muted">{t.scan}</p>
        </div>
        {qr ? (
          <img src={qr} width={180} height={180} alt={fill(t.qr, { app: name })} className="pt-qr-image" />
        ) : (
          <div className="pt-qr-image" aria-busy="true" />
        )}
      </div>
    </div>
  );
}
