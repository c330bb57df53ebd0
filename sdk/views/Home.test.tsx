import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { baseDefinition, type Rendered, renderApp, uuid } from "./test/render.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const feature = (n: number, over: Record<string, unknown> = {}) => ({
  id: uuid(n),
  type: "WebLink",
  title: `Feature ${n}`,
  link: "https://dealer.example",
  ...over,
});

describe("home", () => {
  it("keeps the contract class names: .ba-name, .ba-logo, .ba-cover", async () => {
    view = await renderApp({ definition: baseDefinition() });
    expect(view.$(".ba-name")?.textContent).toBe("Sunrise Motors");
    expect(view.$(".ba-logo")?.getAttribute("src")).toBe("https://img.example/logo.png");
    expect(view.$(".ba-cover")?.getAttribute("src")).toBe("https://img.example/cover.png");
    expect(view.$(".ba-cover")?.getAttribute("alt")).toBe("Sunrise Motors cover");
  });

  it("lists features without pop-ups, hidden ones or those a menu hides", async () => {
    view = await renderApp({
      definition: baseDefinition({
        features: [
          feature(1),
          feature(2, { hide: true }),
          feature(3, { type: "PopUp", message: "Hi" }),
          feature(4),
          feature(5, { type: "Menu", items: [{ featureId: uuid(4), hideFromFeatures: true }] }),
        ] as never,
      }),
    });
    const titles = view.$$(".ba-feature-title").map((e) => e.textContent);
    expect(titles).toEqual(["Feature 1", "Feature 5"]);
  });

  it("SingleRow shows the row count and puts the rest behind 'More'", async () => {
    view = await renderApp({
      definition: baseDefinition({
        theme: { layout: "SingleRow", rowFeatureCount: 3 } as never,
        features: [1, 2, 3, 4, 5].map((n) => feature(n)) as never,
      }),
    });
    const row = view.$$(".ba-row-features .ba-feature-title").map((e) => e.textContent);
    expect(row).toEqual(["Feature 1", "Feature 2", "Feature 3", "More"]);
    const overflow = view.$(".ba-overflow") as HTMLElement;
    expect(overflow.hidden).toBe(true);
    const more = view.button("More");
    expect(more.getAttribute("aria-expanded")).toBe("false");
    await view.click(more);
    expect(overflow.hidden).toBe(false);
    expect(view.$$(".ba-overflow .ba-feature-title").map((e) => e.textContent)).toEqual([
      "Feature 4",
      "Feature 5",
    ]);
    await view.click(view.button("More"));
    expect(overflow.hidden).toBe(true);
  });

  it("SingleRow defaults to 5 per row and text size 11", async () => {
    view = await renderApp({
      definition: baseDefinition({
        theme: { layout: "SingleRow" } as never,
        features: [1, 2, 3, 4, 5, 6].map((n) => feature(n)) as never,
      }),
    });
    expect(view.$$(".ba-row-features > li")).toHaveLength(6); // 5 + More
    expect((view.$("nav") as HTMLElement).style.fontSize).toBe("11px");
  });

  it("without overflow there is no 'More'", async () => {
    view = await renderApp({
      definition: baseDefinition({
        theme: { layout: "SingleRow" } as never,
        features: [feature(1)] as never,
      }),
    });
    expect(view.text()).not.toContain("More");
  });

  it("LogoAndCover draws the logo over the cover", async () => {
    view = await renderApp({ definition: baseDefinition({ theme: { layout: "LogoAndCover" } as never }) });
    expect(view.$(".ba-cover-wrap .ba-cover-logo")?.getAttribute("src")).toBe("https://img.example/logo.png");
  });

  it("Tiles draws sized tiles over the cover and never a slider", async () => {
    view = await renderApp({
      definition: baseDefinition({
        theme: { layout: "Tiles" } as never,
        coverSlides: [{ image: "https://img.example/s1.png" }],
        tilesConfig: {
          tiles: [
            { type: "w100", slides: [{ text: "Service" }] },
            { type: "w50h2", slides: [{ text: "Sales" }], animation: "flip-x", featureId: uuid(1) },
            { type: "w33h3", slides: [] },
            { type: "w66", slides: [] },
          ],
        },
        features: [feature(1)] as never,
      }),
    });
    expect(view.$(".ba-slider")).toBeNull();
    const tiles = view.$$<HTMLElement>(".ba-tile");
    expect(tiles.map((t) => [t.style.width, t.style.height, t.style.margin])).toEqual([
      ["calc(100% - 10px)", "250px", "5px"],
      ["calc(50% - 10px)", "500px", "5px"],
      ["calc(33.333% - 10px)", "750px", "5px"],
      ["calc(66.666% - 10px)", "250px", "5px"],
    ]);
    expect(view.$(".ba-anim-flip-x")).not.toBeNull();
    await view.click(view.$(".ba-tile-button"));
    expect(view.$("[data-page=webLink]")).not.toBeNull();
  });

  it("the cover links out only with a valid cover path", async () => {
    view = await renderApp({ definition: baseDefinition({ coverPath: "dealer.example/specials" }) });
    expect(view.$(".ba-cover-wrap > a")?.getAttribute("href")).toBe("http://dealer.example/specials");
    await view.rerender({ definition: baseDefinition({ coverPath: "not a url" }) });
    expect(view.$(".ba-cover-wrap > a")).toBeNull();
  });

  it("uses the slider when a slide is visible (expired slides left out)", async () => {
    view = await renderApp({
      definition: baseDefinition({
        coverSlides: [
          { image: "https://img.example/s1.png", path: "https://dealer.example/1" },
          { image: "https://img.example/old.png", timeframe: { to: "2020-01-01T00:00:00Z" } },
          { image: "https://img.example/s2.png" },
        ],
      }),
    });
    expect(view.$(".ba-cover")).toBeNull();
    const slides = view.$$(".ba-slide img").map((i) => i.getAttribute("src"));
    expect(slides).toEqual(["https://img.example/s1.png", "https://img.example/s2.png"]);
    expect(view.$$(".ba-dot")).toHaveLength(2);
    expect(view.$(".ba-slider-hint")?.textContent).toBe("Swipe to see more");
  });

  it("a slide link opens through the machine, and not after a drag", async () => {
    const onOpenLink = vi.fn();
    view = await renderApp({
      onOpenLink,
      definition: baseDefinition({
        coverSlides: [
          { image: "https://img.example/s1.png", path: "https://dealer.example/1" },
          { image: "https://img.example/s2.png" },
        ],
      }),
    });
    const link = view.$(".ba-slide a") as HTMLElement;
    await view.click(link);
    expect(onOpenLink).toHaveBeenCalledWith("https://dealer.example/1");
  });

  it("the bell shows the unread count and opens the notifications", async () => {
    view = await renderApp({
      definition: baseDefinition(),
      notifications: [
        { id: "1", message: "Oil change due", time: "2026-06-15T09:30:00Z" },
        { id: "2", message: "Read one", time: "2026-06-14T09:30:00Z", read: true },
      ],
    });
    const bell = view.$(".ba-bell") as HTMLElement;
    expect(bell.getAttribute("aria-label")).toBe("Notifications, 1 unread");
    expect(view.$(".ba-badge")?.textContent).toBe("1");
    await view.click(bell);
    expect(view.$("[data-page=notifications]")).not.toBeNull();
    expect(view.text()).toContain("Oil change due");
    expect(view.text()).toContain("09:30am");
  });

  it("the theme reaches the views as custom properties", async () => {
    view = await renderApp({
      definition: baseDefinition({
        theme: { layout: "CoverOnly", iconColor: "#ff0000", iconBorderRadius: 12 } as never,
      }),
    });
    const root = view.$(".ba-root") as HTMLElement;
    expect(root.style.getPropertyValue("--ba-icon")).toBe("#ff0000");
    expect(root.style.getPropertyValue("--ba-icon-radius")).toBe("12px");
  });

  it("'[colorful]' icons keep their colours; others are tinted masks", async () => {
    view = await renderApp({
      definition: baseDefinition({
        features: [
          feature(1, { icon: "https://icons.example/car[colorful].svg" }),
          feature(2, { icon: "https://icons.example/car.svg" }),
          feature(3, { icon: "javascript:alert(1)" }),
        ] as never,
      }),
    });
    const icons = view.$$(".ba-feature-icon");
    expect(icons[0].classList.contains("ba-colorful")).toBe(true);
    expect(icons[0].querySelector("img")?.getAttribute("src")).toBe(
      "https://icons.example/car[colorful].svg",
    );
    expect(icons[1].querySelector(".ba-icon-mask")).not.toBeNull();
    expect(icons[2].innerHTML).not.toContain("javascript");
  });

  it("shows an active pop-up over home in the widget until it is closed", async () => {
    view = await renderApp({
      definition: baseDefinition({
        features: [
          feature(1, { type: "PopUp", title: "Welcome", message: "Spring sale", link: "" }),
        ] as never,
      }),
    });
    const dialog = view.$("[role=dialog]");
    expect(dialog?.textContent).toContain("Spring sale");
    await view.click(view.button("Close"));
    expect(view.$("[role=dialog]")).toBeNull();
  });

  it("keeps Tab inside the pop-up and closes it with Escape", async () => {
    view = await renderApp({
      definition: baseDefinition({
        features: [
          feature(1, {
            type: "PopUp",
            title: "Welcome",
            message: "Spring sale",
            link: "https://dealer.example/sale",
            linkText: "See the sale",
          }),
        ] as never,
      }),
    });
    const dialog = view.$("[role=dialog]")!;
    const link = view.button("See the sale");
    const close = view.button("Close");
    expect(document.activeElement).toBe(close);
    const tab = (shiftKey = false) =>
      act(async () => {
        document.activeElement?.dispatchEvent(
          new KeyboardEvent("keydown", { key: "Tab", shiftKey, bubbles: true, cancelable: true }),
        );
      });
    await tab();
    expect(document.activeElement).toBe(link);
    await tab(true);
    expect(document.activeElement).toBe(close);
    await act(async () => {
      dialog.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    });
    expect(view.$("[role=dialog]")).toBeNull();
  });

  it("without a theme, home is CoverOnly: the cover, then every feature in a plain list", async () => {
    view = await renderApp({
      definition: baseDefinition({
        theme: undefined,
        features: [1, 2, 3, 4, 5, 6].map((n) => feature(n)) as never,
      }),
    });
    expect(view.$(".ba-home")?.getAttribute("data-layout")).toBe("CoverOnly");
    expect(view.$(".ba-cover")).not.toBeNull();
    expect(view.$(".ba-row-features")).toBeNull();
    expect(view.$$(".ba-features .ba-feature-title")).toHaveLength(6);
  });
});

describe("cover extras", () => {
  it("plays a muted cover video and draws brand logos, links only for safe paths", async () => {
    view = await renderApp({
      definition: baseDefinition({
        coverVideo: { url: "https://cdn.example/cover.mp4", muted: true },
        coverBrands: [
          { name: "Ford", image: "https://img.example/ford.png", path: "https://ford.example" },
          { name: "Evil", image: "https://img.example/evil.png", path: "javascript:alert(1)" },
        ],
      }),
    });
    const video = view.$("video.ba-cover-video") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("https://cdn.example/cover.mp4");
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(view.$$(".ba-brands a").map((a) => a.getAttribute("href"))).toEqual(["https://ford.example"]);
    expect(view.$$(".ba-brands img")).toHaveLength(2);
  });

  it("remembers the slider hint through the surface", async () => {
    const onSliderHintHidden = vi.fn();
    const definition = baseDefinition({
      coverSlides: [{ image: "https://img.example/s1.png" }, { image: "https://img.example/s2.png" }],
    });
    view = await renderApp({ definition, onSliderHintHidden });
    const { act } = await import("react");
    await act(async () => {
      view?.$(".ba-slider")?.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    });
    expect(view.$(".ba-slider-hint")).toBeNull();
    expect(onSliderHintHidden).toHaveBeenCalledTimes(1);
    view.unmount();
    view = await renderApp({ definition, sliderHint: false });
    expect(view.$(".ba-slider-hint")).toBeNull();
  });
});
