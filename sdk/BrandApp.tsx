import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { AccountBar } from "./account/AccountBar.tsx";
import { isSignedIn, promptsSignIn } from "./account/stored.ts";
import { shellStyles } from "./account/styles.ts";
import { accountTexts } from "./account/texts.ts";
import type { AccountState } from "./account.ts";
import type { SignalData } from "./analytics.ts";
import { WidgetAppBanner } from "./app-banner.tsx";
import { createAppStore } from "./app-store.ts";
import { widgetClient } from "./client.ts";
import { DebugOverlay, hasDebugMarker } from "./DebugOverlay.tsx";
import { BRAND_APP_ERROR_CODES, type BrandAppEmit, dispatchBrandAppEvent } from "./events.ts";
import { uuid } from "./ids.ts";
import type { Widget } from "./runtime.ts";
import { rememberSliderHint, sliderHintSeen } from "./slider-hint.ts";
import { readDealerships, readUser, writeDealership } from "./storage.ts";
import type { SurfaceScreens } from "./views/AppView.tsx";
// The views' own modules, not their index: what the index re-exports for other surfaces (the .ics writer, the
// preview states) would otherwise be pinned into the first view instead of loading when used.
import { AppView } from "./views/AppView.tsx";
import { useInventoryScreens } from "./views/screens/InventoryRegister.tsx";
import { usePartnerScreens } from "./views/screens/partner-screens.ts";
import { viewStyles } from "./views/styles.ts";
import type { ShareRequest } from "./views/types.ts";

export interface BrandAppProps {
  appId?: string;
  /** Where the API lives; defaults to the origin the widget script was loaded from. */
  apiBase?: string;
}

const styles = viewStyles + shellStyles;
type Runtime = typeof import("./runtime.ts");
const noAccount = () => () => {};
/** Signals kept while the runtime loads: a visitor tapping at once makes a few; an app whose runtime never
 * loads must not grow memory. */
const EARLY_SIGNALS_MAX = 50;
type EarlySignal = { appId: string; name: string; data?: SignalData; time: Date };
const nothing = () => null;

/**
 * The widget's root. The app loads and home renders first; the runtime (account, analytics, push) is
 * imported once the app is loaded and started for this instance, then stopped on unmount so a removed element leaves
 * no listener or timer behind. Every instance has its own client, store and runtime.
 */
export function BrandApp({ appId, apiBase }: BrandAppProps) {
  const base = apiBase || defaultApiBase;
  const id = appId ?? "";
  // What happens is told to the host page as DOM events from the shell, composed out of the shadow root.
  const shell = useRef<HTMLDivElement>(null);
  const emit = useMemo<BrandAppEmit>(
    () => (type, detail) => dispatchBrandAppEvent(shell.current, type, detail),
    [],
  );
  const { client, app } = useMemo(() => {
    const client = widgetClient({ apiBase: base, appId: id });
    return { client, app: createAppStore(client) };
  }, [base, id]);
  // 'Login later' pressed before the runtime arrived: passed on to the account once it runs.
  const laterAsked = useRef(false);
  const [later, setLater] = useState(false);
  // Analytics before the runtime arrives: a tap on a feature while it loads (a slow phone, a cold cache) is a
  // page view like any other, so it is kept with its time and handed to the runtime when it starts. Dropping
  // it lost the first feature a quick visitor opened (tests/e2e/widget-analytics-chaos).
  const started = useRef<Widget | null>(null);
  const early = useRef<EarlySignal[]>([]);
  const track = useCallback<Widget["track"]>(
    (name, data) => {
      if (started.current) return started.current.track(name, data);
      if (early.current.length < EARLY_SIGNALS_MAX)
        early.current.push({ appId: id, name, data, time: new Date() });
    },
    [id],
  );
  const [runtime, setRuntime] = useState<{
    widget: Widget;
    accountScreens: Runtime["accountScreens"];
    endUser: ReturnType<Runtime["endUserApi"]>;
  } | null>(null);

  const state = useSyncExternalStore(app.subscribe, app.get, app.get);
  // The dealership the visitor chose per selector, remembered per app (the views never touch storage).
  const [dealerships, setDealerships] = useState(() => readDealerships(id));
  // Only a found app gets a runtime: signals for an unknown app would be refused and kept forever.
  const settled = state.status === "ready";
  useEffect(() => app.load(), [app]);
  // The runtime is imported once home is on screen, so it never delays the first view.
  useEffect(() => {
    if (!settled) return;
    let live = true;
    let widget: Widget | undefined;
    import("./runtime.ts").then(
      (m) => {
        if (!live) return;
        widget = m.createWidget(id, base, client, app, emit);
        widget.start();
        started.current = widget;
        // Only this app's: signals made for an app id the element no longer shows are not this app's.
        for (const e of early.current.splice(0)) if (e.appId === id) widget.track(e.name, e.data, e.time);
        if (laterAsked.current) widget.account.send({ type: "signIn.later" });
        laterAsked.current = false;
        setRuntime({ widget, accountScreens: m.accountScreens, endUser: m.endUserApi(client) });
      },
      () => {
        console.error("brand-app: the widget could not be loaded (code 100)");
        const code = BRAND_APP_ERROR_CODES.widgetLoad;
        emit("brand-app:error", { appId: id, code, message: "The widget could not be loaded" });
      },
    );
    return () => {
      live = false;
      if (started.current === widget) started.current = null;
      widget?.stop();
      setRuntime(null);
    };
  }, [settled, app, client, id, base, emit]);

  const account = useSyncExternalStore<AccountState | null>(
    runtime?.widget.account.subscribe ?? noAccount,
    runtime ? runtime.widget.account.get : () => null,
  );
  // The inbox (bell, notifications screen) and location alerts, once the runtime runs (sdk/inbox.ts, geofence-watch.ts).
  const inbox = useSyncExternalStore(
    runtime?.widget.inbox.subscribe ?? noAccount,
    runtime ? runtime.widget.inbox.get : nothing,
  );
  const alerts = useSyncExternalStore(
    runtime?.widget.geofences.subscribe ?? noAccount,
    runtime ? runtime.widget.geofences.get : nothing,
  );
  const debug = useMemo(() => hasDebugMarker(), []);
  const ready = state.status === "ready";
  // Loaded: home is on screen, which is the first page analytics reports. Failed: the app's error.
  useEffect(() => {
    if (state.status === "ready") {
      emit("brand-app:ready", { appId: id });
      emit("brand-app:navigate", { appId: id, pageId: "home" });
    } else if (state.status === "error")
      emit("brand-app:error", { appId: id, code: state.code, message: state.message });
  }, [state, id, emit]);
  const profileError = account?.profileError;
  useEffect(() => {
    if (profileError)
      emit("brand-app:error", { appId: id, code: profileError.code, message: profileError.message });
  }, [profileError, id, emit]);
  useEffect(() => {
    if (ready) track("page_view", { page: "home" });
  }, [ready, track]);
  // Dealer data (issue 16): the inventory screens, registered once the app has vehicles.
  const inventoryUser = account?.signedIn && account.user?.userId && account.user.token ? account.user : null;
  useInventoryScreens(
    ready
      ? {
          base: `${base}/api`,
          appId: id,
          user: inventoryUser
            ? { id: inventoryUser.userId as string, token: inventoryUser.token as string }
            : null,
          track: (name, data) => track(name as never, data as never),
        }
      : null,
  );

  // Partners' screens (issue 20): loaded from the API's origin only when the app uses a partner's type.
  usePartnerScreens(ready ? state.app.definition.features : undefined, base);

  // Until the runtime runs, the account menu and the sign-in prompt are drawn from the stored user, so they
  // are part of the first view; a screen opened meanwhile shows once the runtime's screens arrive.
  const stored = useMemo(() => readUser(id), [id]);
  const accountT = accountTexts(ready ? state.app.lang : undefined);
  const waitingScreens: SurfaceScreens = {
    entry: ({ open, returnedFrom }) => (
      <AccountBar
        signedIn={isSignedIn(stored)}
        prompt={!later && promptsSignIn(stored, Date.now())}
        loadError={null}
        t={accountT}
        open={open}
        onLater={() => {
          laterAsked.current = true;
          setLater(true);
        }}
        returnedFrom={returnedFrom}
      />
    ),
    screen: () => null,
  };

  const share = (s: ShareRequest) => {
    track("share", { title: s.title, ...(s.id && s.kind !== "referral" ? { offerId: s.id } : {}) });
    if (navigator.share) void navigator.share({ title: s.title, text: s.text, url: s.url }).catch(() => {});
    else
      void navigator.clipboard
        ?.writeText([s.title, s.text, s.url].filter(Boolean).join("\n"))
        .catch(() => {});
  };

  return (
    <>
      <style>{styles}</style>
      <div className="ba-shell" ref={shell}>
        {/* Above the app: the account prompt floats over the widget's bottom edge. */}
        {ready ? <WidgetAppBanner appId={id} apiBase={base} appLang={state.app.lang} /> : null}
        {ready ? (
          <AppView
            screens={
              runtime && account
                ? runtime.accountScreens({
                    account: runtime.widget.account,
                    state: account,
                    client,
                    makeModelType: state.app.makeModelType,
                    t: accountT,
                  })
                : waitingScreens
            }
            endUser={runtime ? runtime.endUser(account) : null}
            staffDirectory={() => client.staffDirectory()}
            definition={state.app.definition}
            appId={state.app.appId}
            mode="widget"
            lang={state.app.lang === "es" ? "es" : "en"}
            onNavigate={(route, page) => {
              track("page_view", {
                page,
                featureId: route.featureId,
                // A coupon's or event's detail view is an offer view (issue 15).
                ...(route.itemId && (route.page === "couponDetails" || route.page === "eventDetails")
                  ? { offerId: route.itemId }
                  : {}),
              });
              emit("brand-app:navigate", { appId: id, pageId: page });
            }}
            onShare={share}
            sliderHint={!sliderHintSeen(id)}
            onSliderHintHidden={() => rememberSliderHint(id)}
            onRedeem={(c) => track("redeem", { title: c.title, featureId: c.id })}
            onCalendarAdded={(e) => track("calendar_add", { offerId: e.id, title: e.title })}
            selectedDealerships={dealerships}
            integrations={state.app.integrations}
            packages={state.app.packages}
            onSelectDealership={(f, i) => {
              const name = (f.dealerships as { name?: unknown }[] | undefined)?.[i]?.name;
              if (typeof name === "string") setDealerships(writeDealership(id, f.id, name));
            }}
            onEnablePush={runtime && pushUndecided() ? () => runtime.widget.enablePush() : undefined}
            notifications={inbox?.items}
            unreadCount={inbox?.unread}
            openedNotification={inbox?.opened}
            onOpenNotification={runtime ? (n) => void runtime.widget.inbox.open(n.id) : undefined}
            locationAlerts={
              runtime && alerts?.available
                ? { on: alerts.on, toggle: () => runtime.widget.geofences.toggle() }
                : undefined
            }
            onSubmitForm={async (f, values) => {
              // The runtime knows the end user; before it arrives the stored id (or a fresh one) is used.
              const userId = runtime?.widget.account.userId() ?? storedUserId(id);
              await client.submitForm(userId, f.id, values);
              track("form_submit", { featureId: f.id, title: f.title });
            }}
          />
        ) : (
          <div className="ba-root">
            <p className={state.status === "error" ? "ba-status ba-error" : "ba-status"} role="status">
              {state.status === "error" ? state.message : "Loading…"}
            </p>
          </div>
        )}
        {debug ? (
          <DebugOverlay
            values={{
              appId: id,
              apiBase: base,
              mode: import.meta.env?.MODE,
              userId: account?.user.userId,
              signedIn: account ? String(account.signedIn) : undefined,
              status: state.status,
              language: navigator.language,
            }}
          />
        ) : null}
      </div>
    </>
  );
}

/** Web push can be offered: the browser supports it and the visitor has neither allowed nor blocked it. */
const pushUndecided = () =>
  "serviceWorker" in navigator && "PushManager" in window && Notification.permission === "default";

const storedUserId = (appId: string) => readUser(appId)?.userId ?? uuid();

const defaultApiBase = (() => {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return "";
  }
})();
