import { offerDateText } from "../../core/dates.ts";
import type { ViewContextValue } from "./context.ts";

/** The core date rules, imported apart from ./rules.ts so dayjs stays out of the first view. */
export { notificationTimeText, referralExpiryText } from "../../core/dates.ts";

/** The date line of a coupon or event in the view's language and time zone (rule: core offerDateText). */
export function offerDate(
  ctx: Pick<ViewContextValue, "t" | "lang" | "now" | "timeZone">,
  offer: { from?: string | null; to?: string | null; hideDates?: boolean | null },
): string {
  return offerDateText(offer, ctx.now, {
    locale: ctx.lang,
    timeZone: ctx.timeZone,
    labels: { from: ctx.t("dates.from"), endsIn: ctx.t("dates.endsIn") },
  });
}
