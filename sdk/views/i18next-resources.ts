import en from "../../locales/en.json";
import errorsEn from "../../locales/errors/en.json";
import errorsEs from "../../locales/errors/es.json";
import es from "../../locales/es.json";
import fr from "../../locales/fr.json";
import promoEn from "../../locales/promo/en.json";
import promoEs from "../../locales/promo/es.json";

/**
 * Every text of the widget, the views and the promo page in i18next's `resources` shape: the `translation`
 * namespace (locales/{en,es,fr}.json: the views, and the account screens under `account.*`), the `errors`
 * namespace (locales/errors/{en,es}.json) and the `promo` namespace (locales/promo/{en,es}.json: the promo
 * page, apart so the widget's first view does not carry it). A surface that runs
 * i18next (console, portal, promo) passes this to `i18next.init({ resources: i18nextResources,
 * fallbackLng: "en" })` and reads the very texts the widget shows; `locales/parity.test.ts` checks that
 * i18next and the widget's lookup agree on every key. The widget itself does not load i18next (about 16 KB
 * gzip, past its 40 KB first-view budget).
 */
export const i18nextResources = {
  en: { translation: en, errors: errorsEn, promo: promoEn },
  es: { translation: es, errors: errorsEs, promo: promoEs },
  fr: { translation: fr },
} as const;
