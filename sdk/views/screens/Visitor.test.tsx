import { afterEach, describe, expect, it, vi } from "vitest";
import { featureExamples } from "../../../schemas/features/examples.ts";
import { builtInFeatureTypes, LINK_METAS } from "../../../schemas/features/index.ts";
import { baseDefinition, type Rendered, renderApp, uuid } from "../test/render.tsx";
import type { AppViewProps } from "../types.ts";
import { registerIntegrationScreen } from "./registry.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const PREVIEW_TEXTS = ["PREVIEW IS NOT AVAILABLE", "VISTA PREVIA NO DISPONIBLE", "No Preview Available"];
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36";

/** Opens one feature (as the preview's ?id= does) in the given mode. */
const open = (feature: Record<string, unknown>, over: Partial<AppViewProps> = {}) =>
  renderApp({
    featureId: uuid(1),
    appId: "app-7",
    definition: baseDefinition({ features: [{ id: uuid(1), title: "Feature", ...feature }] as never }),
    ...over,
  });

/** Home with these features; returns the titles of the entries drawn. */
async function homeEntries(features: Record<string, unknown>[], over: Partial<AppViewProps> = {}) {
  view?.unmount();
  view = await renderApp({
    appId: "app-7",
    definition: baseDefinition({
      features: features.map((f, i) => ({ id: uuid(i + 1), ...f })) as never,
    }),
    ...over,
  });
  return view.$$(".ba-feature-title").map((e) => e.textContent);
}

/** Every built-in feature type's valid example, plus one integrated screen per meta with and without link. */
const everyFeature = (): Record<string, unknown>[] => [
  ...builtInFeatureTypes.map((m) => featureExamples[m.type].valid),
  ...LINK_METAS.flatMap((meta) => [
    { type: "ClickToLink", title: `${meta} linked`, meta, link: "https://dealer.example/x" },
    { type: "ClickToLink", title: `${meta} bare`, meta },
  ]),
  { type: "WebLink", title: "Broken", link: "javascript:alert(1)" },
  { type: "BrandedBookYourService", title: "Book" },
];

describe("visitors never see preview-only texts", () => {
  it.for(["widget", "promo"] as const)(
    "%s: no screen of any registered feature type says 'PREVIEW IS NOT AVAILABLE'",
    async (mode, { signal }) => {
      for (const lang of ["en", "es"] as const) {
        for (const feature of everyFeature()) {
          // A test that timed out keeps running: it must not go on rendering under act() beside the next
          // ones (the files of a worker share the window and React's act queue; CI saw 204 tests fail so).
          if (signal.aborted) return;
          view?.unmount();
          // A reference opens the feature it points at (here a call), a dangling one nothing.
          const target = { ...featureExamples.ClickToCall.valid, id: uuid(2) };
          view = await renderApp({
            featureId: uuid(1),
            appId: "app-7",
            mode,
            lang,
            definition: baseDefinition({
              features: [{ ...feature, id: uuid(1), featureId: uuid(2) }, target] as never,
            }),
          });
          const text = view.text();
          for (const p of PREVIEW_TEXTS)
            expect(text, `${feature.type} ${feature.meta ?? ""}`).not.toContain(p);
        }
      }
    },
  );

  it("home with every feature type, a dangling reference and an unknown type shows no preview text", async () => {
    const features = [
      ...everyFeature(),
      { type: "ClickToReference", title: "Dangling", featureId: uuid(999) },
      { type: "PartnerThing", title: "Partner" },
    ];
    for (const mode of ["widget", "promo"] as const) {
      const titles = await homeEntries(features, { mode });
      expect(titles).not.toContain("Dangling");
      expect(titles).not.toContain("Partner");
      for (const p of PREVIEW_TEXTS) expect(view?.text()).not.toContain(p);
    }
  });

  it("a visitor reaching an unknown or dangling feature gets 'Not available yet', the preview 'No Preview Available'", async () => {
    view = await open({ type: "PartnerThing" });
    expect(view.$(".ba-state-title")?.textContent).toBe("Not available yet");
    expect(view.button("Go Back")).toBeTruthy();
    view.unmount();
    view = await open({ type: "PartnerThing" }, { mode: "preview" });
    expect(view.$(".ba-state-title")?.textContent).toBe("No Preview Available");
  });

  it("the builder's preview keeps 'PREVIEW IS NOT AVAILABLE' on web links and integrated screens", async () => {
    const linkLike = [
      { type: "WebLink", link: "https://dealer.example" },
      { type: "BrandedBookYourService", link: "https://dealer.example/book" },
      ...LINK_METAS.map((meta) => ({ type: "ClickToLink", meta })),
    ];
    for (const feature of linkLike) {
      view?.unmount();
      view = await open(feature, { mode: "preview" });
      expect(view.$(".ba-weblink-note")?.textContent, `${feature.type}`).toBe("PREVIEW IS NOT AVAILABLE");
    }
    view?.unmount();
    view = await open({ type: "WebLink", link: "https://dealer.example" }, { mode: "preview", lang: "es" });
    expect(view.$(".ba-weblink-note")?.textContent).toBe("VISTA PREVIA NO DISPONIBLE");
  });
});

describe("web links for visitors", () => {
  it("Open Link In Browser is a new-tab link to the normalised, sanitised address", async () => {
    view = await open({ type: "WebLink", title: "Shop", link: "shop.example/?app=[$appId]&l=[$location]" });
    const link = view.button("Open Link In Browser") as HTMLAnchorElement;
    expect(link.getAttribute("href")).toBe("http://shop.example/?app=app-7&l=");
    expect(link.target).toBe("_blank");
    expect(link.rel).toBe("noopener noreferrer");
    expect(view.$(".ba-note")?.textContent).toBe("The page opens in a new browser tab.");
  });

  it("in Spanish", async () => {
    view = await open({ type: "WebLink", link: "https://shop.example" }, { lang: "es" });
    expect(view.button("Abrir enlace en el navegador").getAttribute("href")).toBe("https://shop.example");
    expect(view.$(".ba-note")?.textContent).toBe("La página se abre en una nueva pestaña del navegador.");
  });

  it("a surface's onOpenLink gets the sanitised address", async () => {
    const onOpenLink = vi.fn();
    view = await open({ type: "BrandedBookYourService", link: "book.example/[$appId]" }, { onOpenLink });
    await view.click(view.button("Open Link In Browser"));
    expect(onOpenLink).toHaveBeenCalledWith("http://book.example/app-7");
  });

  it("a link that cannot be followed leaves home and its screen says 'Not available yet'", async () => {
    expect(
      await homeEntries([
        { type: "WebLink", title: "Bad", link: "javascript:alert(1)" },
        { type: "WebLink", title: "Good", link: "https://ok.example" },
      ]),
    ).toEqual(["Good"]);
    view?.unmount();
    view = await open({ type: "WebLink", link: "javascript:alert(1)" });
    expect(view.$(".ba-empty")?.textContent).toBe("Not available yet");
    expect(view.$("a[href^=javascript]")).toBeNull();
  });
});

describe("integrated screens for visitors", () => {
  it("with a link, the integrated screen opens it (page id = meta)", async () => {
    view = await open({ type: "ClickToLink", meta: "inventory", link: "https://stock.example/[$appId]" });
    expect(view.$("[data-page=inventory]")).not.toBeNull();
    expect(view.button("Open Link In Browser").getAttribute("href")).toBe("https://stock.example/app-7");
  });

  it("glovebox and contracts without data show 'No Records' (Spanish 'Sin registros')", async () => {
    view = await open({ type: "ClickToLink", meta: "glovebox" });
    expect(view.$("[data-page=glovebox] .ba-empty")?.textContent).toBe("No Records");
    view.unmount();
    view = await open({ type: "ClickToLink", meta: "tca_contracts" }, { lang: "es" });
    expect(view.$("[data-page=tca_contracts] .ba-empty")?.textContent).toBe("Sin registros");
  });

  it("home: data screens without data are hidden except glovebox and contracts; the preview shows all", async () => {
    const bare = LINK_METAS.map((meta) => ({ type: "ClickToLink", title: meta, meta }));
    expect(await homeEntries(bare)).toEqual(["glovebox", "tca_contracts"]);
    expect(await homeEntries(bare, { mode: "promo" })).toEqual(["glovebox", "tca_contracts"]);
    expect(await homeEntries(bare, { mode: "preview" })).toEqual([...LINK_METAS]);
    const linked = LINK_METAS.map((meta) => ({
      type: "ClickToLink",
      title: meta,
      meta,
      link: "https://x.example",
    }));
    // A link fills a data screen; i360, utp and uptime_pro open only the app's configured integration.
    expect(await homeEntries(linked)).toEqual([
      "glovebox",
      "tca_contracts",
      "inventory",
      "inventory_favorites",
      "roadside_assistance",
    ]);
  });

  it("i360, utp and uptime_pro open the integration configured for the app", async () => {
    const integrations = {
      navi360Config: { url: "https://navi360.example/dealer?app=[$appId]" },
      uptimeProConfig: { dealerId: "D1" },
    };
    const features = ["i360", "utp", "uptime_pro"].map((meta) => ({
      type: "ClickToLink",
      title: meta,
      meta,
    }));
    expect(await homeEntries(features, { integrations })).toEqual(["i360", "utp"]);
    expect(
      await homeEntries(features, {
        integrations: { ...integrations, uptimeProConfig: { url: "https://uptime.example/" } },
      }),
    ).toEqual(["i360", "utp", "uptime_pro"]);
    view?.unmount();
    view = await open(
      { type: "ClickToLink", meta: "i360", link: "https://ignored.example" },
      { integrations },
    );
    expect(view.$("[data-page=i360]")).not.toBeNull();
    expect(view.button("Open Link In Browser").getAttribute("href")).toBe(
      "https://navi360.example/dealer?app=app-7",
    );
  });

  it("an unconfigured i360 reached directly says 'Not available yet'", async () => {
    view = await open({ type: "ClickToLink", meta: "i360", link: "https://ignored.example" });
    expect(view.$("[data-page=i360] .ba-empty")?.textContent).toBe("Not available yet");
    expect(view.text()).not.toContain("Open Link In Browser");
  });

  it("a dealer-data module that registers a screen for a meta fills it, entry included", async () => {
    const remove = registerIntegrationScreen("inventory", {
      Screen: ({ feature }) => <p className="inventory-module">Stock of {String(feature.title)}</p>,
    });
    try {
      expect(await homeEntries([{ type: "ClickToLink", title: "Stock", meta: "inventory" }])).toEqual([
        "Stock",
      ]);
      await view?.click(view.button("Stock"));
      expect(view?.$(".inventory-module")?.textContent).toBe("Stock of Stock");
    } finally {
      remove();
    }
    expect(await homeEntries([{ type: "ClickToLink", title: "Stock", meta: "inventory" }])).toEqual([]);
  });
});

describe("manufacturer apps for visitors", () => {
  const feature = {
    type: "BrandedOemAppSelect",
    title: "Brand Apps",
    presets: ["fordpass", "Chevrolet", "acme"],
  };
  const actions = (v: Rendered) =>
    v
      .$$<HTMLAnchorElement>(".ba-row")
      .map((row) => [
        row.querySelector(".ba-row-text")?.textContent,
        ...Array.from(row.querySelectorAll("a")).map(
          (a) => `${a.textContent} ${a.getAttribute("href")} ${a.target}`,
        ),
      ]);

  it("on a desktop: the store web pages in new tabs; unknown presets left out", async () => {
    view = await open(feature, { userAgent: DESKTOP });
    expect(actions(view)).toEqual([
      [
        "FordPass",
        "App Store https://apps.apple.com/us/app/fordpass/id1095418609 _blank",
        "Google Play https://play.google.com/store/apps/details?id=com.ford.fordpass _blank",
      ],
      [
        "myChevrolet",
        "Google Play https://play.google.com/store/apps/details?id=com.gm.chevrolet.nomad.ownership _blank",
      ],
    ]);
    expect(view.text()).not.toContain("fordpass");
    expect(view.text()).not.toContain("acme");
  });

  it("on an iPhone: the app by its URL scheme, then the App Store; apps without an iOS way are left out", async () => {
    view = await open(feature, { userAgent: IPHONE });
    expect(actions(view)).toEqual([
      [
        "FordPass",
        "Open App fordpass:// ",
        "App Store https://apps.apple.com/us/app/fordpass/id1095418609 _blank",
      ],
    ]);
    expect(view.button("Open App").getAttribute("aria-label")).toBe("Open App: FordPass");
  });

  it("on Android, in Spanish: the app, then Google Play", async () => {
    view = await open(feature, { userAgent: ANDROID, lang: "es" });
    expect(actions(view)).toEqual([
      [
        "FordPass",
        "Abrir la aplicación fordpass:// ",
        "Google Play https://play.google.com/store/apps/details?id=com.ford.fordpass _blank",
      ],
      [
        "myChevrolet",
        "Google Play https://play.google.com/store/apps/details?id=com.gm.chevrolet.nomad.ownership _blank",
      ],
    ]);
  });

  it("store links go to the surface's onOpenLink when it has one", async () => {
    const onOpenLink = vi.fn();
    view = await open(feature, { userAgent: DESKTOP, onOpenLink });
    await view.click(
      view.$$("a").find((a) => a.getAttribute("aria-label") === "Google Play: myChevrolet") ?? null,
    );
    expect(onOpenLink).toHaveBeenCalledWith(
      "https://play.google.com/store/apps/details?id=com.gm.chevrolet.nomad.ownership",
    );
  });

  it("home hides a selector whose apps the visitor cannot open; the preview marks unknown presets", async () => {
    const unknownOnly = { type: "BrandedOemAppSelect", title: "Brand Apps", presets: ["acme"] };
    expect(await homeEntries([unknownOnly], { userAgent: DESKTOP })).toEqual([]);
    expect(await homeEntries([unknownOnly], { userAgent: DESKTOP, mode: "preview" })).toEqual(["Brand Apps"]);
    view?.unmount();
    view = await open(feature, { userAgent: DESKTOP, mode: "preview" });
    expect(view.$$(".ba-row-text").map((e) => e.textContent)).toEqual([
      "FordPass",
      "myChevrolet",
      "acme Not a known manufacturer app",
    ]);
  });
});

describe("dealership selector for visitors", () => {
  const feature = {
    type: "DealershipSelector",
    title: "Locations",
    dealerships: [{ name: "North", address: "1 North Rd" }, { name: "South" }],
  };
  const buttons = (v: Rendered) =>
    v
      .$$(".ba-group button")
      .map((b) => [b.textContent, b.getAttribute("aria-pressed"), b.getAttribute("aria-label")]);

  it("Select marks the choice at once and hands it to the surface", async () => {
    const onSelectDealership = vi.fn();
    view = await open(feature, { onSelectDealership });
    expect(view.$("[role=status]")).toBeNull();
    await view.click(view.$$(".ba-group button")[1]);
    expect(onSelectDealership).toHaveBeenCalledWith(expect.objectContaining({ id: uuid(1) }), 1);
    expect(view.$("[role=status]")?.textContent).toBe("Your dealership: South");
    expect(buttons(view)).toEqual([
      ["Select", "false", "Select North"],
      ["Selected", "true", "Selected: South"],
    ]);
  });

  it("shows the remembered choice (by name) and works without a callback", async () => {
    view = await open(feature, { selectedDealerships: { [uuid(1)]: "North" }, lang: "es" });
    expect(view.$("[role=status]")?.textContent).toBe("Su concesionario: North");
    expect(buttons(view)).toEqual([
      ["Seleccionado", "true", "Seleccionado: North"],
      ["Seleccionar", "false", "Seleccionar South"],
    ]);
    await view.click(view.$$(".ba-group button")[1]);
    expect(view.$("[role=status]")?.textContent).toBe("Su concesionario: South");
  });

  it("a remembered name no longer in the list selects nothing; an empty selector leaves home", async () => {
    view = await open(feature, { selectedDealerships: { [uuid(1)]: "Closed" } });
    expect(view.$("[role=status]")).toBeNull();
    expect(await homeEntries([{ type: "DealershipSelector", title: "Locations", dealerships: [] }])).toEqual(
      [],
    );
  });
});
