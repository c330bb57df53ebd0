import en from "../../locales/portal/en.json";
import es from "../../locales/portal/es.json";

/**
 * The portal's own texts (locales/portal/{en,es}.json, kept apart from locales/{en,es}.json so the widget's
 * first view does not carry them). The spec's words are kept exactly: My Portal, Repair History, Purchases,
 * All Coupons, All Promotions, Our App, Additional Products, the deal-sheet headings, 'No Records', 'No
 * records available at this time.', 'Specials Coming Soon', 'Promotions Coming Soon', 'No Notifications
 * Yet', More Info, Print, Redeem, Save Offer, 'Please Provide Your Information', Send Offer.
 */
export type PortalTexts = typeof en;
export type PortalLang = "en" | "es";

const all: Record<PortalLang, PortalTexts> = { en, es };
export const portalTexts = (lang: PortalLang): PortalTexts => all[lang];

/** Fills i18next's `{{name}}` placeholders. */
export const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

/** A day (YYYY-MM-DD or an ISO time) in the language's long form, read in UTC for bare days. */
export function longDate(lang: PortalLang, value: string | Date): string {
  const d = typeof value === "string" ? new Date(value.length === 10 ? `${value}T12:00:00Z` : value) : value;
  if (Number.isNaN(d.getTime())) return String(value);
  return new Intl.DateTimeFormat(lang, {
    dateStyle: "long",
    ...(typeof value === "string" && value.length === 10 ? { timeZone: "UTC" } : {}),
  }).format(d);
}

/** Today as the greeting says it: weekday, day, month and year. */
export const today = (lang: PortalLang, now = new Date()) =>
  new Intl.DateTimeFormat(lang, { dateStyle: "full" }).format(now);

/** A money figure in dollars (dealer data is in the dealer's currency, USD in the spec's market). */
export const money = (lang: PortalLang, n: number | undefined) =>
  n === undefined || n === null
    ? "—"
    : new Intl.NumberFormat(lang === "es" ? "es-US" : "en-US", { style: "currency", currency: "USD" }).format(
        n,
      );
