import type en from "../../locales/en.json";
import { textsOf } from "../views/i18n.ts";

/**
 * The account screens' texts in English and Spanish (spec §1: content in both): the `account` section of the
 * shared resources (locales/{en,es}.json, i18next's shape; `locales/parity.test.ts` keeps the languages in
 * step). Words the spec quotes are kept exactly: Send Code, Confirm code, Back, Login later, My Profile, Sign
 * Out, Sign In, My Vehicles, Edit Profile, My Info, Full Name, Date, Address, Company, Add vehicle, No
 * Vehicles, Remove, Not Now, Ok, 'Unknown error'. The spec has no words for a save that worked: 'Profile
 * saved', 'Vehicle added' and 'Vehicle removed' are ours.
 */
export type AccountTexts = typeof en.account;

/** The account texts of an app's language (anything but Spanish reads English). */
export const accountTexts = (lang: string | undefined): AccountTexts =>
  textsOf(lang === "es" ? "es" : "en", "account") as unknown as AccountTexts;

/** Fills i18next's `{{name}}` placeholders. */
export const fill = (text: string, vars: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));

/** The language a set of these texts speaks, for the labels read from the shared resources (vehicleLabels). */
export const langOf = (t: AccountTexts): "en" | "es" =>
  t === accountTexts("es") && t !== accountTexts("en") ? "es" : "en";
