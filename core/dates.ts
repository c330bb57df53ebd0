import dayjs from "dayjs";
import "dayjs/locale/es.js";
import "dayjs/locale/fr.js";
import advancedFormat from "dayjs/plugin/advancedFormat.js";
import relativeTime from "dayjs/plugin/relativeTime.js";
import utc from "dayjs/plugin/utc.js";
import { type Instant, ms, optionalMs } from "./time.ts";
import { localTimeZone, toWallTime } from "./zoned-time.ts";

dayjs.extend(advancedFormat); // 'Do' (1st, 2nd...)
dayjs.extend(relativeTime); // 'in 3 days'
dayjs.extend(utc);

/** spec §9 date formats (English). */
export const DATE_FORMATS = {
  day: "MMMM Do",
  time: "hh:mma", // "09:30am"
  referralExpiry: "MMMM Do YYYY",
} as const;

export type DateLocale = "en" | "es" | "fr";
type DateFormats = { readonly [K in keyof typeof DATE_FORMATS]: string };

/**
 * The formats per language: English is the spec's; Spanish and French put the day first without an English
 * ordinal ('22 de noviembre', '22 novembre') and read hours on a 24-hour clock.
 */
export const DATE_FORMATS_BY_LOCALE: Record<DateLocale, DateFormats> = {
  en: DATE_FORMATS,
  es: { day: "D [de] MMMM", time: "HH:mm", referralExpiry: "D [de] MMMM [de] YYYY" },
  fr: { day: "D MMMM", time: "HH:mm", referralExpiry: "D MMMM YYYY" },
};

const formatsOf = (locale: DateLocale | undefined): DateFormats =>
  DATE_FORMATS_BY_LOCALE[locale ?? "en"] ?? DATE_FORMATS;

/** English texts of spec §9 in i18next's shape (`{{date}}`); the widget passes its translations. */
export const DATE_LABELS = { from: "From {{date}}", endsIn: "Ends in {{time}}" };

/** Puts a value in a label, `{{name}}` (i18next's shape) or `{name}`. */
const fillLabel = (label: string, name: string, value: string) =>
  label.replace(`{{${name}}}`, value).replace(`{${name}}`, value);

export interface DateTextOptions {
  timeZone?: string;
  locale?: DateLocale;
  labels?: typeof DATE_LABELS;
}

/**
 * Formats an instant as read on a wall clock in `timeZone`: the wall time is formatted as if it were UTC,
 * so the result never depends on the zone the code happens to run in.
 */
export function formatInZone(instant: Instant, format: string, opts: DateTextOptions = {}): string {
  const w = toWallTime(ms(instant), opts.timeZone ?? localTimeZone());
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return dayjs
    .utc(asUtc)
    .locale(opts.locale ?? "en")
    .format(format);
}

const sameDay = (a: number, b: number, timeZone: string) => {
  const x = toWallTime(a, timeZone);
  const y = toWallTime(b, timeZone);
  return x.year === y.year && x.month === y.month && x.day === y.day;
};

/** 'Ends in {relative time}': "Ends in 3 days" (spec §9). */
export function endsInText(to: Instant, now: Instant, opts: DateTextOptions = {}): string {
  const time = dayjs(ms(to))
    .locale(opts.locale ?? "en")
    .from(dayjs(ms(now)), true);
  return fillLabel((opts.labels ?? DATE_LABELS).endsIn, "time", time);
}

/**
 * The date line of a coupon or event (spec §9): 'MMMM Do - MMMM Do', with hours when both fall on the same
 * day; 'From {date}' with only a start; 'Ends in {relative time}' with only an end; nothing when the dates
 * are hidden or absent.
 */
export function offerDateText(
  offer: { from?: Instant | null; to?: Instant | null; hideDates?: boolean | null },
  now: Instant,
  opts: DateTextOptions = {},
): string {
  if (offer.hideDates) return "";
  const timeZone = opts.timeZone ?? localTimeZone();
  const o = { ...opts, timeZone };
  const from = optionalMs(offer.from);
  const to = optionalMs(offer.to);
  const formats = formatsOf(opts.locale);
  const day = (t: number) => formatInZone(t, formats.day, o);
  const time = (t: number) => formatInZone(t, formats.time, o);
  if (from !== undefined && to !== undefined)
    return sameDay(from, to, timeZone)
      ? `${day(from)}, ${time(from)} - ${time(to)}`
      : `${day(from)} - ${day(to)}`;
  if (from !== undefined) return fillLabel((opts.labels ?? DATE_LABELS).from, "date", day(from));
  if (to !== undefined) return endsInText(to, now, o);
  return "";
}

/**
 * The referral certificate's 'Expires' date: 'MMMM Do YYYY' (spec §9; '31 de diciembre de 2030' in Spanish).
 * A calendar date stays that date.
 */
export function referralExpiryText(date: Instant, opts: DateTextOptions = {}): string {
  const format = formatsOf(opts.locale).referralExpiry;
  if (typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date))
    return dayjs
      .utc(date)
      .locale(opts.locale ?? "en")
      .format(format);
  return formatInZone(date, format, opts);
}

/** A notification's time of day, like 09:30am (spec §9; 24-hour '13:30' in Spanish and French). */
export const notificationTimeText = (instant: Instant, opts: DateTextOptions = {}): string =>
  formatInZone(instant, formatsOf(opts.locale).time, opts);
