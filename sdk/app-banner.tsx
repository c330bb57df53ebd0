import { useState } from "react";
import { type Lang, pickLang } from "./views/i18n.ts";
import { AppBanner } from "./views/ui/AppBanner.tsx";

const key = (appId: string) => `brand-app:${appId}:banner`;

/**
 * The banner's language (spec §1: content in English and Spanish, a French set for the app-download banner):
 * French when the host page (its `<html lang>`, else the browser) speaks French, otherwise the app's language.
 */
export function bannerLang(appLang: string | undefined, hostLang: string | null | undefined): Lang {
  if (pickLang(hostLang) === "fr") return "fr";
  return appLang === "es" ? "es" : "en";
}

function closedBefore(appId: string): boolean {
  try {
    return localStorage.getItem(key(appId)) === "closed";
  } catch {
    return false;
  }
}

/**
 * The widget's app-download banner (spec §2, embedded widget: "download the free app for exclusive
 * specials"). Its Download link opens the app's promo page, which holds the store buttons and the QR code;
 * closing it is remembered per app in this browser.
 */
export function WidgetAppBanner({
  appId,
  apiBase,
  appLang,
}: {
  appId: string;
  apiBase: string;
  appLang?: string;
}) {
  const [closed, setClosed] = useState(() => closedBefore(appId));
  if (closed || !appId) return null;
  const hostLang = document.documentElement.lang || navigator.language;
  return (
    <AppBanner
      lang={bannerLang(appLang, hostLang)}
      href={`${apiBase}/promo/${encodeURIComponent(appId)}`}
      onClose={() => {
        setClosed(true);
        try {
          localStorage.setItem(key(appId), "closed");
        } catch {
          // Storage refused (private mode): the banner stays closed for this page only.
        }
      }}
    />
  );
}
