import en from "../locales/promo/en.json";
import es from "../locales/promo/es.json";

/** The languages the promo page speaks (spec §1: content in English and Spanish). */
export const PROMO_LANGUAGES = ["en", "es"] as const;
export type PromoLanguage = (typeof PROMO_LANGUAGES)[number];

/** `?lang=` wins over the app's language; anything else falls back to English. */
export function pickLanguage(query: unknown, appLang: unknown): PromoLanguage {
  for (const candidate of [query, appLang])
    if (typeof candidate === "string" && (PROMO_LANGUAGES as readonly string[]).includes(candidate))
      return candidate as PromoLanguage;
  return "en";
}

/**
 * The promo page's texts: the `promo` namespace of the shared resources (locales/promo/{en,es}.json, i18next's
 * shape, in `i18nextResources` beside the widget's; `locales/parity.test.ts` keeps the languages in step). Spec
 * §2 and §8 quote `failed` and `download`; they are reproduced exactly, typo included (core/promo.ts has the
 * same download line for the server, but the client bundle must not pull in the schemas). The icon picker's
 * texts are the builder's (spec §2: 'Change button icon', Change, Cancel, 'No Icons available').
 */
type Resource = typeof en;

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => vars[k] ?? m);

/** The texts as the page's components read them: plain strings, and functions for those with a name in them. */
const textsFrom = (r: Resource) => ({
  ...r,
  download: (name: string) => fill(r.download, { name }),
  qrAlt: (name: string) => fill(r.qrAlt, { name }),
  preview: (name: string) => fill(r.preview, { name }),
  logoAlt: (name: string) => fill(r.logoAlt, { name }),
  bottomLogoAlt: (name: string) => fill(r.bottomLogoAlt, { name }),
  editItem: (title: string) => fill(r.editItem, { title }),
});

export type PromoTexts = ReturnType<typeof textsFrom>;

export const promoTexts: Record<PromoLanguage, PromoTexts> = { en: textsFrom(en), es: textsFrom(es) };
