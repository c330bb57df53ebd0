import { useEffect, useRef, useState } from "react";
import { fillPage } from "../../../schemas/constants/index.ts";
import { useView, type ViewContextValue } from "../context.ts";
import type { Tree } from "../i18n.ts";
import type { PartnerScreenInfo } from "../partner.ts";
import { safeUrl } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { Screen } from "../ui/Screen.tsx";
import { registerScreen, screenOf } from "./registry.tsx";

/**
 * Loads partners' screens (issue 20) for the types an app uses: the list of partner screens comes from
 * GET /api/mobile/partner-screens; each screen runs in a sandboxed frame of the API's origin (below), which
 * loads the module from its versioned URL. This file is a lazy chunk: only apps with a type that has no built-in screen load it (partner-screens.ts).
 */

const lists = new Map<string, Promise<PartnerScreenInfo[]>>();

/** The server's partner screens, asked once per API origin (an error is not remembered: asked again later). */
function partnerScreens(base: string): Promise<PartnerScreenInfo[]> {
  let list = lists.get(base);
  if (!list) {
    list = fetch(`${base}/api/mobile/partner-screens`)
      .then((res) => (res.ok ? res.json() : { data: [] }))
      .then((body: { data?: PartnerScreenInfo[] }) => body.data ?? []);
    list.catch(() => lists.delete(base));
    lists.set(base, list);
  }
  return list;
}

/** Registers the screens of those `types` a partner package provides; true when any was added. */
export async function registerPartnerScreens(types: string[], base: string): Promise<boolean> {
  let added = false;
  for (const info of await partnerScreens(base)) {
    if (!types.includes(info.type) || screenOf(info.type)) continue;
    registerScreen(info.type, {
      Screen: partnerScreen(info, base),
      page: (feature) => fillPage(info.analyticsPage, feature) || "home",
    });
    added = true;
  }
  return added;
}

/** The theme's custom properties (AppView sets them) the frame gets, read where the frame sits. */
const THEME_VARS = [
  "--ba-icon",
  "--ba-title",
  "--ba-text",
  "--ba-bg",
  "--ba-header-bg",
  "--ba-header-title",
  "--ba-icon-bg",
  "--ba-icon-radius",
];
/** The frame's greatest height: a partner cannot make the page endless. */
export const PARTNER_FRAME_MAX_PX = 4000;

/** What the frame may ask of its parent (sdk/views/partner.ts); anything else is ignored. */
type FrameMessage =
  | { type: "ready" }
  | { type: "failed" }
  | { type: "back" }
  | { type: "resize"; height: number }
  | { type: "openLink"; url: string };

const asFrameMessage = (data: unknown): FrameMessage | undefined => {
  if (!data || typeof data !== "object") return undefined;
  const m = data as Record<string, unknown>;
  switch (m.type) {
    case "ready":
    case "failed":
    case "back":
      return { type: m.type };
    case "resize":
      return typeof m.height === "number" && Number.isFinite(m.height)
        ? { type: "resize", height: m.height }
        : undefined;
    case "openLink":
      return typeof m.url === "string" && m.url.length <= 2048 ? { type: "openLink", url: m.url } : undefined;
    default:
      return undefined;
  }
};

type Strings = { own: Tree; en: Tree };

/**
 * The screen of one partner type: the widget's bar and title, and below it the partner's module running in
 * a sandboxed frame served by the API (/partner/{name}@{version}/frame.html): `allow-scripts` (and
 * `allow-forms`, so a form's submit event fires; its CSP's form-action 'none' keeps it from going anywhere)
 * without `allow-same-origin`, so the frame has an opaque origin and the browser keeps the partner's code
 * away from the widget's storage (the end user's token), cookies and the host page. The props go down by
 * postMessage; the documented callbacks come up as messages checked here.
 */
function partnerScreen(info: PartnerScreenInfo, base: string) {
  const origin = base || window.location.origin;
  const at = (file: string) => new URL(file, origin).href;
  const frameUrl = new URL("frame.html", at(info.screen)).href;
  const strings = new Map<string, Promise<Tree>>();
  const stringsOf = (lang: string): Promise<Tree> => {
    const file = info.locales[lang];
    if (!file) return Promise.resolve({});
    let hit = strings.get(lang);
    if (!hit) {
      hit = fetch(at(file))
        .then((res) => (res.ok ? res.json() : {}))
        .catch(() => ({}));
      strings.set(lang, hit);
    }
    return hit;
  };

  return function PartnerFeatureScreen({ feature }: { feature: AnyFeature }) {
    const view = useView();
    // The callbacks read the current view, so a new render does not draw the partner's screen again.
    const current = useRef<ViewContextValue>(view);
    current.current = view;
    const frame = useRef<HTMLIFrameElement>(null);
    const [ready, setReady] = useState(false);
    const [failed, setFailed] = useState(false);
    const [height, setHeight] = useState(0);
    const [texts, setTexts] = useState<Strings | null>(null);
    const { lang, mode, appId } = view;
    useEffect(() => {
      let live = true;
      Promise.all([stringsOf("en"), stringsOf(lang)]).then(([en, own]) => live && setTexts({ own, en }));
      return () => {
        live = false;
      };
    }, [lang]);
    useEffect(() => {
      const onMessage = (event: MessageEvent) => {
        // The frame's origin is "null": its messages are told by their window, nothing else.
        const win = frame.current?.contentWindow;
        if (!win || event.source !== win) return;
        const message = asFrameMessage(event.data);
        if (!message) return;
        if (message.type === "ready") setReady(true);
        else if (message.type === "failed") {
          console.error(`brand-app: the screen of ${info.package}@${info.version} could not be loaded`);
          setFailed(true);
        } else if (message.type === "resize")
          setHeight(Math.min(PARTNER_FRAME_MAX_PX, Math.max(0, Math.ceil(message.height))));
        else if (message.type === "back") current.current.back();
        else {
          // The product's one link policy decides, as for every other link of the views.
          const url = safeUrl(message.url);
          if (url) current.current.openLink(url);
        }
      };
      window.addEventListener("message", onMessage);
      return () => window.removeEventListener("message", onMessage);
    }, []);
    useEffect(() => {
      const el = frame.current;
      const win = el?.contentWindow;
      if (!el || !win || !ready || !texts) return;
      const style = getComputedStyle(el);
      const theme = Object.fromEntries(
        THEME_VARS.map((name) => [name, style.getPropertyValue(name).trim()]).filter(([, v]) => v),
      );
      // The feature's data, the language, the strings and the theme: nothing else crosses.
      const props = {
        feature: JSON.parse(JSON.stringify(feature)),
        appId,
        lang,
        mode,
        strings: texts.own,
        fallback: texts.en,
        theme,
        font: style.fontFamily,
      };
      win.postMessage({ type: "props", props }, "*");
    }, [ready, texts, feature, appId, lang, mode]);
    const title = (feature.headerTitle as string) || feature.title || "";
    const page = fillPage(info.analyticsPage, feature) || "home";
    return (
      <Screen title={title} page={page}>
        {failed ? (
          <p className="ba-empty">{view.t("integrations.unavailable")}</p>
        ) : (
          <div className="ba-partner" data-package={`${info.package}@${info.version}`}>
            <iframe
              ref={frame}
              src={frameUrl}
              title={title}
              sandbox="allow-scripts allow-forms"
              style={{ display: "block", width: "100%", height: `${height}px`, border: 0 }}
            />
          </div>
        )}
      </Screen>
    );
  };
}
