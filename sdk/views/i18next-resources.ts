import en from "../../locales/en.json";
import errorsEn from "../../locales/errors/en.json";
import errorsEs from "../../locales/errors/es.json";
import es from "../../locales/es.json";
import fr from "../../locales/fr.json";

/**
 * Every text of the widget and the views in i18next's `resources` shape: the `translation` namespace
 * (locales/{en,es,fr}.json) and the `errors` namespace (locales/errors/{en,es}.json). A surface that runs
 * i18next (console, portal, promo) passes this to `i18next.init({ resources: i18nextResources,
 * fallbackLng: "en" })` and reads the very texts the widget shows; `locales/parity.test.ts` checks that
 * i18next and the widget's lookup agree on every key. The widget itself does not load i18next (about 16 KB
 * gzip, past its 40 KB first-view budget).
 */
export const i18nextResources = {
  en: { translation: en, errors: errorsEn },
  es: { translation: es, errors: errorsEs },
  fr: { translation: fr },
} as const;
