import { useState } from "react";
import { type Lang, translator } from "../i18n.ts";
import { safeUrl } from "../safe-url.ts";

/**
 * The app-download banner (spec §2): "download the free app for exclusive specials", in English, Spanish or
 * French. Dismissing it is remembered by the caller (onClose), not here, because storage is the sdk's.
 */
export function AppBanner({
  lang = "en",
  href,
  onClose,
}: {
  lang?: Lang;
  /** The store page (or promo page) to download from. */
  href?: string;
  onClose?: () => void;
}) {
  const t = translator(lang);
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  const link = safeUrl(href);
  return (
    <aside className="ba-banner" aria-label={t("banner.download")} lang={lang}>
      <p className="ba-banner-text">{t("banner.text")}</p>
      {link ? (
        <a className="ba-banner-button" href={link} target="_blank" rel="noopener noreferrer">
          {t("banner.download")}
        </a>
      ) : null}
      <button
        type="button"
        className="ba-icon-button"
        aria-label={t("banner.close")}
        onClick={() => {
          setShown(false);
          onClose?.();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
