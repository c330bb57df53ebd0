import { useEffect, useRef, useState } from "react";
import { fillPage } from "../../../schemas/constants/index.ts";
import { useView, type ViewContextValue } from "../context.ts";
import { lookup, type Tree } from "../i18n.ts";
import type { PartnerScreenInfo, PartnerScreenModule, PartnerScreenProps } from "../partner.ts";
import type { AnyFeature } from "../types.ts";
import { Screen } from "../ui/Screen.tsx";
import { registerScreen, screenOf } from "./registry.tsx";

/**
 * Loads partners' screens (issue 20) for the types an app uses: the list of partner screens comes from
 * GET /api/mobile/partner-screens, each module from its versioned same-origin URL on first use. This file
 * is a lazy chunk: only apps with a type that has no built-in screen load it (partner-screens.ts).
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

const fill = (text: string, vars?: Record<string, string | number>) =>
  vars ? text.replace(/\{\{(\w+)\}\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : text;

type Loaded = { module: PartnerScreenModule; own: Tree; en: Tree };

/** The screen of one partner type: the widget's bar and title, the partner's module drawing below it. */
function partnerScreen(info: PartnerScreenInfo, base: string) {
  const origin = base || window.location.origin;
  const at = (file: string) => new URL(file, origin).href;
  let module: Promise<PartnerScreenModule> | undefined;
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
  const load = async (lang: string): Promise<Loaded> => {
    // A same-origin (or, in the widget, the API's origin) file: the CSP's script-src 'self' allows it.
    module ??= import(/* @vite-ignore */ at(info.screen));
    const [mod, en, own] = await Promise.all([module, stringsOf("en"), stringsOf(lang)]);
    if (typeof mod?.mount !== "function") throw new Error(`${info.package}: its screen exports no mount()`);
    return { module: mod, en, own };
  };

  return function PartnerFeatureScreen({ feature }: { feature: AnyFeature }) {
    const view = useView();
    // The callbacks read the current view, so a new render does not draw the partner's screen again.
    const current = useRef<ViewContextValue>(view);
    current.current = view;
    const root = useRef<HTMLDivElement>(null);
    const [loaded, setLoaded] = useState<Loaded | "failed" | null>(null);
    const { lang, mode, appId } = view;
    useEffect(() => {
      let live = true;
      load(lang).then(
        (l) => live && setLoaded(l),
        (err) => {
          console.error(`brand-app: the screen of ${info.package}@${info.version} could not be loaded`, err);
          if (live) setLoaded("failed");
        },
      );
      return () => {
        live = false;
      };
    }, [lang]);
    useEffect(() => {
      const el = root.current;
      if (!el || !loaded || loaded === "failed") return;
      const props: PartnerScreenProps = {
        // A copy: the partner cannot change the app's data, and gets the feature only.
        feature: Object.freeze(JSON.parse(JSON.stringify(feature))),
        appId,
        lang,
        mode,
        t: (key, vars) => fill(lookup(loaded.own, key) ?? lookup(loaded.en, key) ?? key, vars),
        openLink: (url) => current.current.openLink(url),
        back: () => current.current.back(),
      };
      let cleanUp: (() => void) | undefined;
      try {
        cleanUp = loaded.module.mount(el, props) ?? undefined;
      } catch (err) {
        console.error(`brand-app: the screen of ${info.package}@${info.version} failed`, err);
      }
      return () => {
        try {
          cleanUp?.();
        } finally {
          el.replaceChildren();
        }
      };
    }, [loaded, feature, appId, lang, mode]);
    const title = (feature.headerTitle as string) || feature.title || "";
    const page = fillPage(info.analyticsPage, feature) || "home";
    return (
      <Screen title={title} page={page}>
        {loaded === "failed" ? (
          <p className="ba-empty">{view.t("integrations.unavailable")}</p>
        ) : (
          <div ref={root} className="ba-partner" data-package={`${info.package}@${info.version}`} />
        )}
      </Screen>
    );
  };
}
