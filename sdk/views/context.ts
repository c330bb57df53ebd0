import { createContext, useContext } from "react";
import type { IntegrationConfigs } from "../../core/integrations.ts";
import type { AppDefinition, WidgetPackage } from "../../schemas/index.ts";
import type { Lang, Translate } from "./i18n.ts";
import type { AnyFeature, AppViewProps, Route, ViewCallbacks, ViewMode } from "./types.ts";

/** Everything a screen needs from the renderer, so screens take only their own feature as a prop. */
export interface ViewContextValue extends ViewCallbacks {
  sliderHint?: boolean;
  definition: AppDefinition;
  appId: string;
  mode: ViewMode;
  lang: Lang;
  t: Translate;
  now: number;
  timeZone?: string;
  features: AnyFeature[];
  navigate: (route: Route) => void;
  back: () => void;
  /** Opens an outside address the way the surface wants (new tab in the widget, callback in the builder). */
  openLink: (url: string) => void;
  data: Pick<AppViewProps, "notifications" | "unreadCount" | "loyalty">;
  /** The app's integration settings (navi360Config, uptimeProConfig): i360, utp and uptime_pro open them. */
  integrations?: IntegrationConfigs;
  /** The dealership the visitor chose per DealershipSelector feature id (its name); the sdk remembers it. */
  selectedDealerships?: Record<string, string>;
  /** The visitor's user agent; defaults to navigator.userAgent (manufacturer apps open per platform). */
  userAgent?: string;
  /**
   * Opens one of the surface's own screens over the current one (the widget's "signIn"); back returns here.
   * Absent where the surface has none (preview, promo).
   */
  openScreen?: (name: string) => void;
  /** Special packages of the widget's app (none in the preview and promo). */
  packages?: WidgetPackage[];
}

/**
 * Whether the views draw for visitors: the widget on a dealer's site and the public promo simulator. The
 * builder's preview ("preview", "header") keeps its preview-only texts; visitors never see them.
 */
export const isVisitorMode = (mode: ViewMode): boolean => mode === "widget" || mode === "promo";

export const ViewContext = createContext<ViewContextValue | null>(null);

/** The renderer's context; screens render only inside AppView. */
export function useView(): ViewContextValue {
  const ctx = useContext(ViewContext);
  if (!ctx) throw new Error("A screen rendered outside <AppView>");
  return ctx;
}
