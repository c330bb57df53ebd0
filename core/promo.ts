import { APP_NAME_PLACEHOLDER, PROMO_DEFAULTS, type Promo, type PromoDomain } from "../schemas/promo.ts";

/** Which default set an app gets: by makeModelType, Equipment when the builder says so, else car. */
export function promoDomain(makeModelType: string | null | undefined): PromoDomain {
  if (makeModelType === "Truck" || makeModelType === "Powersport" || makeModelType === "Trailer")
    return makeModelType;
  if (makeModelType === "Equipment") return "Equipment";
  return "car";
}

/** Puts the app's name where the placeholder is. */
export const withAppName = (text: string, appName: string): string =>
  text.split(APP_NAME_PLACEHOLDER).join(appName);

/** The promo content when none was saved (spec §2): the domain's defaults with the app's name. */
export function defaultPromo(appName: string, makeModelType?: string | null): Promo {
  const base = structuredClone(PROMO_DEFAULTS[promoDomain(makeModelType)]);
  return { ...base, title: withAppName(base.title, appName) };
}

/** The promo page's download line (spec §2), with the app's name. */
export const downloadText = (appName: string): string => `Download ${appName} app for exclusive specials.`;
