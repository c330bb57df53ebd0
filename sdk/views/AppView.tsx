import { type CSSProperties, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { activePopUps } from "../../core/rules.ts";
import type { Coupon, Event } from "../../schemas/index.ts";
import { useView, ViewContext, type ViewContextValue } from "./context.ts";
import { Home } from "./home/Home.tsx";
import { translator } from "./i18n.ts";
import { HeaderPreview, MissingData, missingItems, UnknownFeature } from "./PreviewStates.tsx";
import { safeUrl } from "./safe-url.ts";
import { notificationTarget } from "./screens/notification-path.ts";
import { Popup } from "./screens/Popup.tsx";
import {
  CouponDetailsScreen,
  EventDetailsScreen,
  featurePage,
  LoyaltyProgramScreen,
  NotificationsScreen,
  PackageDetailsScreen,
  preloadScreens,
  screenOf,
} from "./screens/registry.tsx";
import type { AnyFeature, AppViewProps, Route, ShareRequest } from "./types.ts";

const HOME: Route = { page: "home" };

/** How a surface's own screens move: `open` pushes one onto the app's stack, `close` is the back action. */
export interface SurfaceNav {
  open: (name: string) => void;
  close: () => void;
}

/**
 * Screens a surface adds to the app's own stack (the widget's account screens, sdk/account): they open in
 * the app's frame with the back bar like a feature screen, and back returns to where they were opened.
 */
export interface SurfaceScreens {
  /** Drawn at the top of home: the way into the screens. `returnedFrom` names the screen just closed, so
   * its entry can take the focus back. */
  entry: (nav: SurfaceNav & { returnedFrom: string | null }) => ReactNode;
  /** A screen by name, drawn in ui/Screen.tsx's frame (bar, back button, heading); null if unknown. Kept
   * with the surface so the frame's code loads with its screens, not with the first view. */
  screen: (name: string, nav: SurfaceNav) => ReactNode;
}

/** A surface screen on the stack. */
type SurfaceRoute = { page: "surface"; name: string };
type StackEntry = Route | SurfaceRoute;
const isSurface = (e: StackEntry | undefined): e is SurfaceRoute => e?.page === "surface";

/** Follows ClickToReference to the feature it points at (one hop: a reference to a reference stops there). */
const resolve = (features: AnyFeature[], id: string | undefined) => {
  const f = features.find((x) => x.id === id);
  if (f?.type === "ClickToReference") return features.find((x) => x.id === f.featureId) ?? f;
  return f;
};

/** The analytics page id of a route (spec §2 widget page identifiers). */
export function pageIdOf(route: Route, features: AnyFeature[]): string {
  // A special package is a coupon offer; spec §2's page ids have none of their own.
  if (route.page === "packageDetails") return "couponDetails";
  if (route.page !== "feature") return route.page;
  const f = resolve(features, route.featureId);
  return (f && featurePage(f)) ?? "home";
}

const initialStack = (route?: Route, featureId?: string): StackEntry[] =>
  route ? [route] : featureId ? [HOME, { page: "feature", featureId }] : [HOME];

/** Theme colours as custom properties; styles.ts reads them with the defaults as fallbacks. */
function themeVars(theme: AppViewProps["definition"]["theme"]): CSSProperties {
  const vars: Record<string, string> = {};
  const set = (name: string, v: unknown) => {
    if (typeof v === "string" && v.trim()) vars[name] = v.trim();
  };
  set("--ba-icon", theme?.iconColor);
  set("--ba-title", theme?.titleColor);
  set("--ba-text", theme?.textColor);
  set("--ba-bg", theme?.backgroundColor);
  set("--ba-header-bg", theme?.headerBackgroundColor);
  set("--ba-header-title", theme?.headerTitleColor);
  set("--ba-icon-bg", theme?.iconBackgroundColor);
  if (typeof theme?.iconBorderRadius === "number") vars["--ba-icon-radius"] = `${theme.iconBorderRadius}px`;
  return vars as CSSProperties;
}

/** Web Share where the browser has it, else the clipboard; the sdk passes its own handler to add analytics. */
function defaultShare(share: ShareRequest) {
  const nav = typeof navigator === "undefined" ? undefined : navigator;
  if (nav?.share) void nav.share({ title: share.title, text: share.text, url: share.url }).catch(() => {});
  else
    void nav?.clipboard
      ?.writeText([share.title, share.text, share.url].filter(Boolean).join("\n"))
      .catch(() => {});
}

/**
 * The app renderer (issue 6): one component for the widget, the builder's phone preview and the promo
 * simulator. It keeps its own history unless `route` is given, opens `featureId` (the preview's `?id=`),
 * and shows the preview-only states in preview and header modes.
 */
export function AppView(props: AppViewProps & { screens?: SurfaceScreens }) {
  const {
    definition,
    appId = "",
    mode = "widget",
    lang = "en",
    featureId,
    isTemplate,
    onNavigate,
    onBack,
  } = props;
  const [stack, setStack] = useState<StackEntry[]>(() => initialStack(props.route, featureId));
  // The surface screen just closed, so its entry on home takes the focus back (cleared by any navigation).
  const [returnedFrom, setReturnedFrom] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState<Set<string>>(() => new Set());
  const firstFeatureId = useRef(featureId);
  // The builder changes `?id=` while the preview stays mounted: follow it (but not on the first render).
  useEffect(() => {
    if (firstFeatureId.current === featureId) return;
    firstFeatureId.current = featureId;
    setStack(initialStack(undefined, featureId));
  }, [featureId]);

  useEffect(() => {
    if (mode !== "widget") void preloadScreens();
  }, [mode]);

  // An inbox entry opened from the system notification: the list, then where the entry leads (a link opens
  // from the list, since a new tab needs the visitor's click).
  const openedEntry = props.openedNotification;
  const definitionRef = useRef(definition);
  definitionRef.current = definition;
  useEffect(() => {
    if (!openedEntry) return;
    const d = definitionRef.current;
    const target = notificationTarget(openedEntry.path, {
      features: (d.features ?? []) as AnyFeature[],
      coupons: d.coupons,
      events: d.events,
    });
    setReturnedFrom(null);
    setStack([HOME, { page: "notifications" }, ...(target && "route" in target ? [target.route] : [])]);
  }, [openedEntry]);

  const features = (definition.features ?? []) as AnyFeature[];
  const top = stack[stack.length - 1];
  const surfaceName = !props.route && props.screens && isSurface(top) ? top.name : null;
  // Surface screens open only from home, so home is what lies under them.
  const route: Route = props.route ?? (isSurface(top) ? HOME : top);
  const now = props.now === undefined ? Date.now() : +props.now;

  // Rebuilt every render on purpose: the draft changes on every keystroke in the builder anyway.
  const ctx: ViewContextValue = (() => {
    const navigate = (next: Route) => {
      setReturnedFrom(null);
      if (!props.route) setStack((s) => [...s, next]);
      onNavigate?.(next, pageIdOf(next, features));
    };
    const back = () => {
      if (props.route || stack.length <= 1) return onBack?.();
      const next = stack.slice(0, -1);
      setStack(next);
      const closed = stack[stack.length - 1];
      const under = next[next.length - 1];
      // Surface screens are no spec page: leaving one reports nothing, and its entry gets the focus back.
      setReturnedFrom(isSurface(closed) ? closed.name : null);
      if (!isSurface(closed) && !isSurface(under)) onNavigate?.(under, pageIdOf(under, features));
    };
    const openLink = (url: string) => {
      const safe = safeUrl(url);
      if (!safe) return;
      if (props.onOpenLink) props.onOpenLink(safe);
      else if (mode === "widget" || mode === "preview") window.open(safe, "_blank", "noopener,noreferrer");
    };
    return {
      ...props,
      definition,
      appId,
      mode,
      lang,
      t: translator(lang),
      now,
      features,
      navigate,
      back,
      openLink,
      openScreen: props.screens
        ? (name: string) => {
            setReturnedFrom(null);
            setStack((s) => [...s, { page: "surface", name }]);
          }
        : undefined,
      onShare: props.onShare ?? (mode === "widget" ? defaultShare : undefined),
      onAddToCalendar: (() => {
        const add =
          props.onAddToCalendar ??
          (mode === "widget"
            ? // The calendar file is written when asked for: its code is not part of the first view.
              (e: Event) =>
                void import("./ics.ts").then((m) =>
                  m.downloadIcs(e, { now: Date.now(), appName: definition.name }),
                )
            : undefined);
        return add
          ? (e: Event) => {
              add(e);
              props.onCalendarAdded?.(e);
            }
          : undefined;
      })(),
      onRedeem: props.onRedeem as ((c: Coupon) => void) | undefined,
      data: { notifications: props.notifications, unreadCount: props.unreadCount, loyalty: props.loyalty },
    };
  })();

  const surfaceNav: SurfaceNav = {
    open: (name) => {
      setReturnedFrom(null);
      setStack((s) => [...s, { page: "surface", name }]);
    },
    close: ctx.back,
  };
  const surface = surfaceName ? props.screens?.screen(surfaceName, surfaceNav) : null;
  // Escape is the back action on a surface screen, as its back button is.
  const [surfaceEl, setSurfaceEl] = useState<HTMLDivElement | null>(null);
  const backRef = useRef(ctx.back);
  backRef.current = ctx.back;
  useEffect(() => {
    const el = surfaceEl;
    if (!el) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      e.preventDefault();
      backRef.current();
    };
    el.addEventListener("keydown", onKey);
    return () => el.removeEventListener("keydown", onKey);
  }, [surfaceEl]);

  let content: ReactNode;
  const missing = mode === "preview" ? missingItems(definition, isTemplate) : [];
  if (mode === "header") content = <HeaderPreview />;
  else if (missing.length) content = <MissingData items={missing} />;
  else if (surface)
    content = (
      <div className="ba-surface" key={surfaceName} ref={setSurfaceEl}>
        {surface}
      </div>
    );
  else
    content = (
      <Suspense fallback={<p className="ba-status">{ctx.t("common.loading")}</p>}>
        <Page route={route} autoSlide={props.autoSlide} />
      </Suspense>
    );

  // Pop-ups open over home: in the widget the active ones until dismissed, in the preview the one being edited.
  const opened = route.page === "feature" ? features.find((f) => f.id === route.featureId) : undefined;
  const popup = surface
    ? undefined
    : opened?.type === "PopUp"
      ? opened
      : mode === "widget" && route.page === "home"
        ? (activePopUps(features as Parameters<typeof activePopUps>[0], now) as AnyFeature[]).find(
            (f) => !dismissed.has(f.id),
          )
        : undefined;

  return (
    <ViewContext.Provider value={ctx}>
      <div className={`ba-root ba-mode-${mode}`} lang={lang} style={themeVars(definition.theme)}>
        {props.screens && !surface && route.page === "home" && mode !== "header" && !missing.length
          ? props.screens.entry({ ...surfaceNav, returnedFrom })
          : null}
        {content}
        {popup && !missing.length && mode !== "header" ? (
          <Popup
            feature={popup}
            onClose={() =>
              opened?.type === "PopUp" ? ctx.back() : setDismissed((d) => new Set(d).add(popup.id))
            }
          />
        ) : null}
      </div>
    </ViewContext.Provider>
  );
}

function Page({ route, autoSlide }: { route: Route; autoSlide?: boolean }) {
  switch (route.page) {
    case "notifications":
      return <NotificationsScreen />;
    case "couponDetails":
      return <CouponDetailsScreen couponId={route.itemId} />;
    case "eventDetails":
      return <EventDetailsScreen eventId={route.itemId} />;
    case "packageDetails":
      return <PackageDetailsScreen packageId={route.itemId} featureId={route.featureId} />;
    case "loyalty2":
      return <ProgramPage route={route} />;
    case "feature":
      return <FeaturePage featureId={route.featureId} autoSlide={autoSlide} />;
    default:
      return <Home autoSlide={autoSlide} />;
  }
}

function ProgramPage({ route }: { route: Route }) {
  const ctx = useContextFeatures();
  const feature = ctx.find((f) => f.id === route.featureId);
  const programs = (feature?.programs as { id: string; title: string }[] | undefined) ?? [];
  const program = programs.find((p) => p.id === route.itemId);
  return program ? <LoyaltyProgramScreen program={program} /> : <UnknownFeature />;
}

function FeaturePage({ featureId, autoSlide }: { featureId?: string; autoSlide?: boolean }) {
  const features = useContextFeatures();
  const feature = resolve(features, featureId);
  if (feature?.type === "PopUp") return <Home autoSlide={autoSlide} />;
  const screen = feature && screenOf(feature.type);
  if (!feature || !screen) return <UnknownFeature />;
  return <screen.Screen key={feature.id} feature={feature} />;
}

const useContextFeatures = () => useView().features;
