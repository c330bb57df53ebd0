import { useEffect, useMemo, useRef, useState } from "react";
import type { MobileApp } from "../../schemas/index.ts";
import { ViewContext, type ViewContextValue } from "../../sdk/views/context.ts";
import { translator } from "../../sdk/views/i18n.ts";
import { FavoritesScreen, InventoryScreen } from "../../sdk/views/screens/Inventory.tsx";
import { useInventoryScreens } from "../../sdk/views/screens/InventoryRegister.tsx";
import type { AnyFeature } from "../../sdk/views/types.ts";
import type { PortalLang, PortalTexts } from "./texts.ts";

type User = { userId: string; token: string } | null;

/**
 * The Inventory section (spec §2 portal sections): the widget's own inventory views (search, make and price
 * filters, sort, results, a vehicle's photos, specs, Save and 'contact us about this vehicle', and the saved
 * vehicles), not a copy. They read the renderer's context and the calls' settings the widget keeps
 * (useInventoryScreens), so this file gives them both for the portal: its language, its signed-in customer
 * (whose saved vehicles live on the server), and a keyboard that lands on what opened. This module is loaded
 * only when the section is opened, so the portal's first load does not carry it.
 */
export default function Inventory({
  app,
  user,
  t,
  lang,
}: {
  app: MobileApp;
  user: User;
  t: PortalTexts;
  lang: PortalLang;
}) {
  const [view, setView] = useState<"all" | "saved">("all");
  // The widget keeps the screens' settings here; the portal sends no analytics of its own.
  useInventoryScreens({
    base: `${location.origin}/api`,
    appId: app.appId,
    user: user ? { id: user.userId, token: user.token } : null,
    track: () => {},
  });
  // The widget's entry for these screens is a Click To Link feature with meta inventory or
  // inventory_favorites; its title is the section's own name here.
  const feature = useMemo(
    () =>
      ({
        id: `portal-${view}`,
        type: "ClickToLink",
        title: t.inventory,
        meta: view === "all" ? "inventory" : "inventory_favorites",
      }) as unknown as AnyFeature,
    [view, t],
  );
  const context = useMemo<ViewContextValue>(
    () => ({
      definition: app.definition,
      appId: app.appId,
      mode: "widget",
      lang,
      t: translator(lang),
      now: Date.now(),
      features: app.definition.features ?? [],
      navigate: () => {},
      back: () => {},
      openLink: (url) => window.open(url, "_blank", "noopener"),
      data: {},
    }),
    [app, lang],
  );
  const box = useFocusOnOpen();
  return (
    <div className="pt-card pt-inventory">
      <fieldset className="pt-subtabs">
        <legend className="pt-sr">{t.inventory}</legend>
        <button type="button" className="pt-tab" aria-pressed={view === "all"} onClick={() => setView("all")}>
          {t.allVehicles}
        </button>
        <button
          type="button"
          className="pt-tab"
          aria-pressed={view === "saved"}
          onClick={() => setView("saved")}
        >
          {t.savedVehicles}
        </button>
      </fieldset>
      <div className="ba-root ba-shell-lite pt-inventory-views" ref={box}>
        <ViewContext.Provider value={context}>
          {view === "all" ? (
            <InventoryScreen key={`all:${user?.userId ?? ""}`} feature={feature} />
          ) : (
            <FavoritesScreen key={`saved:${user?.userId ?? ""}`} feature={feature} />
          )}
        </ViewContext.Provider>
      </div>
    </div>
  );
}

/**
 * The widget's views swap the results for a vehicle's details (and back) in place, which would leave the
 * keyboard's focus on a button that is gone. Here the focus follows: to the vehicle's heading when its
 * details show, back to the search field (or the first saved vehicle) when the results return.
 */
function useFocusOnOpen() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    let inDetails = false;
    const observer = new MutationObserver(() => {
      const heading = box.querySelector<HTMLElement>(".ba-inv-heading");
      if (heading && !inDetails) {
        inDetails = true;
        heading.tabIndex = -1;
        heading.focus();
      } else if (!heading && inDetails && box.querySelector(".ba-inv-list, .ba-inv-filters, .ba-empty")) {
        inDetails = false;
        box.querySelector<HTMLElement>(".ba-inv-filters input, .ba-inv-card")?.focus();
      }
    });
    observer.observe(box, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return ref;
}
