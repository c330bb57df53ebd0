import {
  appActions,
  findPreset,
  MANUFACTURER_APPS,
  type ManufacturerApp,
  type Platform,
} from "./manufacturer-apps.ts";
import { normalizeWebLink } from "./web-link.ts";

/**
 * What a visitor (the widget on a dealer's site, the public promo simulator) gets from a feature whose content
 * comes from outside the app definition: integrated screens (ClickToLink metas), web links, manufacturer apps,
 * dealership lists. The builder's preview ignores these rules and draws its own preview states. Decided
 * here, per screen, so the home entry and the screen always agree (sdk/views/README.md holds the table).
 */

/** The app's integration settings (App.navi360Config, App.uptimeProConfig): open objects. */
export interface IntegrationConfigs {
  navi360Config?: Record<string, unknown> | null;
  uptimeProConfig?: Record<string, unknown> | null;
}

/** The integrated screens that open an integration configured for the app rather than the feature's link. */
export const CONFIGURED_INTEGRATIONS = {
  i360: "navi360Config",
  utp: "navi360Config",
  uptime_pro: "uptimeProConfig",
} as const satisfies Record<string, keyof IntegrationConfigs>;

/**
 * Integrated screens drawn from dealer data (a dealer-data module fills them): without the module and
 * without a link, `empty` ones stay on home and show the empty state, `hidden` ones leave home.
 */
export const DATA_SCREENS = {
  glovebox: "empty",
  tca_contracts: "empty",
  inventory: "hidden",
  inventory_favorites: "hidden",
  roadside_assistance: "hidden",
} as const satisfies Record<string, "empty" | "hidden">;

/** The address a configured integration opens: its config's `url` ('[$appId]' replaced), when it is set. */
export function integrationUrl(
  meta: string,
  configs: IntegrationConfigs | undefined,
  appId: string,
): string | undefined {
  const key = (CONFIGURED_INTEGRATIONS as Record<string, keyof IntegrationConfigs>)[meta];
  const url = key ? configs?.[key]?.url : undefined;
  return typeof url === "string" && url.trim() ? normalizeWebLink(url, appId) : undefined;
}

export interface VisitorEnv {
  appId: string;
  configs?: IntegrationConfigs;
  /** The visitor's platform (manufacturer apps open differently on phones and desktops). */
  platform: Platform;
  /** Whether a dealer-data module registered a screen for an integrated screen's meta. */
  filled: (meta: string) => boolean;
  /** The URL sanitiser: the address when it is safe to follow, else undefined. */
  safe: (url: string) => string | undefined;
  catalogue?: readonly ManufacturerApp[];
}

/**
 * What the visitor gets from a feature: `module` (a dealer-data module's screen), `link` (opens `url` in a
 * new tab), `empty` (the empty state), `screen` (the type's own screen) or `hidden` (left off home).
 */
export type VisitorView =
  | { kind: "module" }
  | { kind: "link"; url: string }
  | { kind: "empty" }
  | { kind: "screen" }
  | { kind: "hidden" };

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** The feature's link normalised ('[$appId]', '[$location]', scheme) and sanitised, or undefined. */
export function featureLink(feature: Record<string, unknown>, env: Pick<VisitorEnv, "appId" | "safe">) {
  const raw = str(feature.link).trim();
  return raw ? env.safe(normalizeWebLink(raw, env.appId)) : undefined;
}

/** The manufacturer apps of a feature that the visitor can open on their platform, in the feature's order. */
export function openablePresets(feature: Record<string, unknown>, env: VisitorEnv) {
  const names = Array.isArray(feature.presets) ? feature.presets : [];
  const seen = new Set<string>();
  const out: { preset: ManufacturerApp; actions: ReturnType<typeof appActions> }[] = [];
  for (const name of names) {
    const preset = findPreset(name, env.catalogue ?? MANUFACTURER_APPS);
    if (!preset || seen.has(preset.id)) continue;
    seen.add(preset.id);
    const actions = appActions(preset, env.platform).filter((a) => a.kind === "app" || env.safe(a.href));
    if (actions.length) out.push({ preset, actions });
  }
  return out;
}

/** What a visitor gets from one feature (see VisitorView). */
export function visitorView(
  feature: Record<string, unknown> & { type: string },
  env: VisitorEnv,
): VisitorView {
  switch (feature.type) {
    case "WebLink":
    case "BrandedBookYourService": {
      const url = featureLink(feature, env);
      return url ? { kind: "link", url } : { kind: "hidden" };
    }
    case "ClickToLink": {
      const meta = str(feature.meta);
      if (env.filled(meta)) return { kind: "module" };
      if (meta in CONFIGURED_INTEGRATIONS) {
        const url = integrationUrl(meta, env.configs, env.appId);
        const safe = url && env.safe(url);
        return safe ? { kind: "link", url: safe } : { kind: "hidden" };
      }
      const url = featureLink(feature, env);
      if (url) return { kind: "link", url };
      return (DATA_SCREENS as Record<string, string>)[meta] === "empty"
        ? { kind: "empty" }
        : { kind: "hidden" };
    }
    case "BrandedOemAppSelect":
      return openablePresets(feature, env).length ? { kind: "screen" } : { kind: "hidden" };
    case "DealershipSelector":
      return Array.isArray(feature.dealerships) && feature.dealerships.length
        ? { kind: "screen" }
        : { kind: "hidden" };
    default:
      return { kind: "screen" };
  }
}
