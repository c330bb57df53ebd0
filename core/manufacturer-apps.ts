import type { ManufacturerAppPreset } from "../schemas/manufacturer-app.ts";

/**
 * Manufacturer app presets (spec §3): the apps a BrandedOemAppSelect feature offers, and how the widget opens
 * each on the visitor's device. A feature stores preset ids (`presets: ["fordpass"]`); `findPreset` also
 * accepts a preset's title, app name or brand, case-insensitively, since the builder's field is free text.
 */
export interface ManufacturerApp extends ManufacturerAppPreset {
  /** The id a feature's `presets` names. */
  id: string;
}

/**
 * The presets the product ships. Android store pages follow from the package; an iOS store address is given
 * only where the App Store id is known, so iPhones without one get the app's URL scheme alone.
 */
export const MANUFACTURER_APPS: readonly ManufacturerApp[] = [
  {
    id: "fordpass",
    title: "FordPass",
    appName: "FordPass",
    androidPackage: "com.ford.fordpass",
    iosStoreUrl: "https://apps.apple.com/us/app/fordpass/id1095418609",
    urlScheme: "fordpass://",
    brands: ["Ford"],
    android: true,
    ios: true,
  },
  {
    id: "mychevrolet",
    title: "myChevrolet",
    appName: "myChevrolet",
    androidPackage: "com.gm.chevrolet.nomad.ownership",
    brands: ["Chevrolet"],
    android: true,
    ios: true,
  },
  {
    id: "mygmc",
    title: "myGMC",
    appName: "myGMC",
    androidPackage: "com.gm.gmc.nomad.ownership",
    brands: ["GMC"],
    android: true,
    ios: true,
  },
  {
    id: "mybuick",
    title: "myBuick",
    appName: "myBuick",
    androidPackage: "com.gm.buick.nomad.ownership",
    brands: ["Buick"],
    android: true,
    ios: true,
  },
  {
    id: "mycadillac",
    title: "myCadillac",
    appName: "myCadillac",
    androidPackage: "com.gm.cadillac.nomad.ownership",
    brands: ["Cadillac"],
    android: true,
    ios: true,
  },
];

const norm = (s: string) => s.trim().toLowerCase();

/** The preset a feature names (by id, title, app name or brand), or undefined for an unknown name. */
export function findPreset(
  name: unknown,
  catalogue: readonly ManufacturerApp[] = MANUFACTURER_APPS,
): ManufacturerApp | undefined {
  if (typeof name !== "string" || !name.trim()) return undefined;
  const n = norm(name);
  return (
    catalogue.find((p) => norm(p.id) === n) ??
    catalogue.find((p) => norm(p.title) === n || norm(p.appName) === n) ??
    catalogue.find((p) => p.brands.some((b) => norm(b) === n))
  );
}

export type Platform = "ios" | "android" | "desktop";

/** The visitor's platform from a user agent: iPhone/iPad/iPod, Android, or anything else (a desktop). */
export function platformOf(userAgent: string | undefined): Platform {
  const ua = userAgent ?? "";
  if (/\b(iPhone|iPad|iPod)\b/.test(ua)) return "ios";
  if (/\bAndroid\b/.test(ua)) return "android";
  return "desktop";
}

/** A URL scheme that opens an app: `name://…`, never a scheme that runs or embeds content in the page. */
export function appSchemeUrl(scheme: string | undefined): string | undefined {
  const s = (scheme ?? "").trim();
  const m = /^([a-z][a-z0-9+.-]*):\/\/[^\s"'<>\\]*$/i.exec(s);
  if (!m) return undefined;
  return /^(javascript|data|vbscript|file|blob|about|http|https|ftp|ws|wss)$/i.test(m[1]) ? undefined : s;
}

export const googlePlayUrl = (androidPackage: string): string =>
  `https://play.google.com/store/apps/details?id=${encodeURIComponent(androidPackage)}`;

export type AppActionKind = "app" | "appStore" | "googlePlay";
export interface AppAction {
  kind: AppActionKind;
  href: string;
}

/**
 * How a visitor opens a preset on their device: on a phone the app itself by its URL scheme, then the
 * store of that phone; on a desktop the store web pages. A preset not offered on the visitor's phone
 * (`ios`/`android` false) has no action there.
 */
export function appActions(preset: ManufacturerAppPreset, platform: Platform): AppAction[] {
  const actions: AppAction[] = [];
  const scheme = appSchemeUrl(preset.urlScheme);
  const onIos = preset.ios !== false;
  const onAndroid = preset.android !== false;
  const pkg = preset.androidPackage?.trim();
  const ios = preset.iosStoreUrl?.trim();
  if (platform === "ios" && onIos) {
    if (scheme) actions.push({ kind: "app", href: scheme });
    if (ios) actions.push({ kind: "appStore", href: ios });
  } else if (platform === "android" && onAndroid) {
    if (scheme) actions.push({ kind: "app", href: scheme });
    if (pkg) actions.push({ kind: "googlePlay", href: googlePlayUrl(pkg) });
  } else if (platform === "desktop") {
    if (onIos && ios) actions.push({ kind: "appStore", href: ios });
    if (onAndroid && pkg) actions.push({ kind: "googlePlay", href: googlePlayUrl(pkg) });
  }
  return actions;
}
