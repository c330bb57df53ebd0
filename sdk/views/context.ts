import { createContext, useContext } from "react";
import type { AppDefinition } from "../../schemas/index.ts";
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
}

export const ViewContext = createContext<ViewContextValue | null>(null);

/** The renderer's context; screens render only inside AppView. */
export function useView(): ViewContextValue {
  const ctx = useContext(ViewContext);
  if (!ctx) throw new Error("A screen rendered outside <AppView>");
  return ctx;
}
