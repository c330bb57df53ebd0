import { type CSSProperties, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { activePopUps } from "../../core/rules.ts";
import type { Coupon, Event } from "../../schemas/index.ts";
import { useView, ViewContext, type ViewContextValue } from "./context.ts";
import { Home } from "./home/Home.tsx";
import { translator } from "./i18n.ts";
import { downloadIcs } from "./ics.ts";
import { HeaderPreview, MissingData, missingItems, UnknownFeature } from "./PreviewStates.tsx";
import { safeUrl } from "./safe-url.ts";
import { Popup } from "./screens/Popup.tsx";
import {
  CouponDetailsScreen,
  EventDetailsScreen,
  featurePage,
  LoyaltyProgramScreen,
  NotificationsScreen,
  preloadScreens,
  screenOf,
} from "./screens/registry.tsx";
import type { AnyFeature, AppViewProps, Route, ShareRequest } from "./types.ts";

const HOME: Route = { page: "home" };

/** Follows ClickToReference to the feature it points at (one hop: a reference to a reference stops there). */
const resolve = (features: AnyFeature[], id: string | undefined) => {
  const f = features.find((x) => x.id === id);
  if (f?.type === "ClickToReference") return features.find((x) => x.id === f.featureId) ?? f;
  return f;
};

/** The analytics page id of a route (spec §2 widget page identifiers). */
export function pageIdOf(route: Route, features: AnyFeature[]): string {
  if (route.page !== "feature") return route.page;
  const f = resolve(features, route.featureId);
  return (f && featurePage(f)) ?? "home";
}

const initialStack = (route?: Route, featureId?: string): Route[] =>
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
export function AppView(props: AppViewProps) {
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
  const [stack, setStack] = useState<Route[]>(() => initialStack(props.route, featureId));
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

  const features = (definition.features ?? []) as AnyFeature[];
  const route = props.route ?? stack[stack.length - 1];
  const now = props.now === undefined ? Date.now() : +props.now;

  // Rebuilt every render on purpose: the draft changes on every keystroke in the builder anyway.
  const ctx: ViewContextValue = (() => {
    const navigate = (next: Route) => {
      if (!props.route) setStack((s) => [...s, next]);
      onNavigate?.(next, pageIdOf(next, features));
    };
    const back = () => {
      if (props.route || stack.length <= 1) return onBack?.();
      const next = stack.slice(0, -1);
      setStack(next);
      onNavigate?.(next[next.length - 1], pageIdOf(next[next.length - 1], features));
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
      onShare: props.onShare ?? (mode === "widget" ? defaultShare : undefined),
      onAddToCalendar:
        props.onAddToCalendar ??
        (mode === "widget"
          ? (e: Event) => downloadIcs(e, { now: Date.now(), appName: definition.name })
          : undefined),
      onRedeem: props.onRedeem as ((c: Coupon) => void) | undefined,
      data: { notifications: props.notifications, unreadCount: props.unreadCount, loyalty: props.loyalty },
    };
  })();

  let content: ReactNode;
  const missing = mode === "preview" ? missingItems(definition, isTemplate) : [];
  if (mode === "header") content = <HeaderPreview />;
  else if (missing.length) content = <MissingData items={missing} />;
  else
    content = (
      <Suspense fallback={<p className="ba-status">{ctx.t("common.loading")}</p>}>
        <Page route={route} autoSlide={props.autoSlide} />
      </Suspense>
    );

  // Pop-ups open over home: in the widget the active ones until dismissed, in the preview the one being edited.
  const opened = route.page === "feature" ? features.find((f) => f.id === route.featureId) : undefined;
  const popup =
    opened?.type === "PopUp"
      ? opened
      : mode === "widget" && route.page === "home"
        ? (activePopUps(features as Parameters<typeof activePopUps>[0], now) as AnyFeature[]).find(
            (f) => !dismissed.has(f.id),
          )
        : undefined;

  return (
    <ViewContext.Provider value={ctx}>
      <div className={`ba-root ba-mode-${mode}`} lang={lang} style={themeVars(definition.theme)}>
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
