import { afterEach, describe, expect, it, vi } from "vitest";
import { baseDefinition, type Rendered, renderApp, uuid } from "../test/render.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const open = (feature: Record<string, unknown>, over: Record<string, unknown> = {}) =>
  renderApp({
    featureId: uuid(1),
    appId: "app-7",
    definition: baseDefinition({ features: [{ id: uuid(1), ...feature }] as never }),
    ...over,
  });

describe("branded and other feature screens", () => {
  it("roadside assistance: the number, Call and Open", async () => {
    view = await open({
      type: "BrandedRoadsideAssistance",
      title: "Roadside",
      phone: "1-800-555-0199",
      link: "https://roadside.example",
    });
    expect(view.$("[data-page=roadside_assistance]")).not.toBeNull();
    expect(view.button("Call").getAttribute("href")).toBe("tel:18005550199");
    expect(view.button("Open").getAttribute("href")).toBe("https://roadside.example");
  });

  describe("roadside assistance: sharing the visitor's location", () => {
    const feature = {
      type: "BrandedRoadsideAssistance",
      title: "Roadside",
      phone: "1-800-555-0199",
      link: "https://roadside.example",
    };
    const realGeo = Object.getOwnPropertyDescriptor(navigator, "geolocation");
    const realShare = Object.getOwnPropertyDescriptor(navigator, "share");
    afterEach(() => {
      for (const [name, d] of [
        ["geolocation", realGeo],
        ["share", realShare],
      ] as const)
        if (d) Object.defineProperty(navigator, name, d);
        else delete (navigator as unknown as Record<string, unknown>)[name];
    });
    /** A geolocation that answers when the test says so. */
    function geolocation() {
      const calls: { ok: PositionCallback; fail: PositionErrorCallback }[] = [];
      Object.defineProperty(navigator, "geolocation", {
        configurable: true,
        value: {
          getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => calls.push({ ok, fail }),
        },
      });
      return calls;
    }
    const answer = async (fn: () => void) => {
      const { act } = await import("react");
      await act(async () => fn());
    };

    it("asks on the press, then offers the position by text to the roadside number, the share sheet and a map", async () => {
      const calls = geolocation();
      const share = vi.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, "share", { configurable: true, value: share });
      view = await open(feature);
      expect(calls).toHaveLength(0);
      await view.click(view.button("Share my location"));
      expect(calls).toHaveLength(1);
      expect(view.$("[role=status]")?.textContent).toBe("Finding your location…");
      expect((view.button("Share my location") as HTMLButtonElement).disabled).toBe(true);
      await answer(() =>
        calls[0].ok({ coords: { latitude: 40.7128, longitude: -74.006 } } as GeolocationPosition),
      );
      expect(view.$("[role=status]")?.textContent).toBe("Your location: 40.712800, -74.006000");
      const message =
        "I need roadside assistance. My location: https://maps.google.com/?q=40.712800,-74.006000";
      expect(view.button("Text my location").getAttribute("href")).toBe(
        `sms:18005550199?body=${encodeURIComponent(message)}`,
      );
      expect(view.button("Open in Maps").getAttribute("href")).toBe(
        "https://maps.google.com/?q=40.712800,-74.006000",
      );
      expect(view.button("Call").getAttribute("href")).toBe("tel:18005550199");
      await view.click(view.button("Send my location"));
      expect(share).toHaveBeenCalledWith({ text: message });
    });

    it("says so when the visitor refuses, and lets them try again", async () => {
      const calls = geolocation();
      view = await open(feature);
      await view.click(view.button("Share my location"));
      await answer(() => calls[0].fail({ code: 1, message: "denied" } as GeolocationPositionError));
      expect(view.$("[role=alert]")?.textContent).toBe(
        "Location access was denied. Allow it in your browser settings, then try again.",
      );
      expect(view.$$("a").some((a) => a.textContent === "Text my location")).toBe(false);
      await view.click(view.button("Try again"));
      expect(calls).toHaveLength(2);
      expect(view.$("[role=alert]")).toBeNull();
    });

    it("says when no position came (timeout or none), without the share sheet where there is none", async () => {
      const calls = geolocation();
      Object.defineProperty(navigator, "share", { configurable: true, value: undefined });
      view = await open(feature);
      await view.click(view.button("Share my location"));
      await answer(() => calls[0].fail({ code: 3, message: "timeout" } as GeolocationPositionError));
      expect(view.$("[role=alert]")?.textContent).toBe("We could not find your location. Try again.");
      await view.click(view.button("Try again"));
      await answer(() =>
        calls[1].ok({ coords: { latitude: -33.8688, longitude: 151.2093 } } as GeolocationPosition),
      );
      expect(view.$("[role=status]")?.textContent).toBe("Your location: -33.868800, 151.209300");
      expect(view.$$("button").some((b) => b.textContent === "Send my location")).toBe(false);
    });

    it("says the device cannot share a location when it has no geolocation, and offers no button for it", async () => {
      Object.defineProperty(navigator, "geolocation", { configurable: true, value: undefined });
      view = await open({ ...feature, phone: "" });
      await view.click(view.button("Share my location"));
      expect(view.$("[role=alert]")?.textContent).toBe("Location sharing is not available on this device.");
      expect(view.$$("button").some((b) => b.textContent === "Share my location")).toBe(false);
      expect(view.button("Open").getAttribute("href")).toBe("https://roadside.example");
    });

    it("speaks Spanish", async () => {
      const calls = geolocation();
      view = await open(feature, { lang: "es" });
      await view.click(view.button("Compartir mi ubicación"));
      await answer(() => calls[0].fail({ code: 1, message: "denied" } as GeolocationPositionError));
      expect(view.$("[role=alert]")?.textContent).toBe(
        "Se denegó el acceso a la ubicación. Permítalo en la configuración del navegador y vuelva a intentarlo.",
      );
    });
  });

  it("book your service opens like a web link", async () => {
    view = await open({ type: "BrandedBookYourService", title: "Book", link: "book.example/[$appId]" });
    expect(view.$("[data-page=webLink]")).not.toBeNull();
    expect(view.button("Open Link In Browser").getAttribute("href")).toBe("http://book.example/app-7");
  });

  it("an integrated screen carries its meta as page id", async () => {
    view = await open({
      type: "ClickToLink",
      title: "Glovebox",
      meta: "glovebox",
      link: "https://gb.example",
    });
    expect(view.$("[data-page=glovebox]")).not.toBeNull();
  });

  it("dealership selector: rooftops with address, phone, website and Select", async () => {
    const onSelectDealership = vi.fn();
    view = await open(
      {
        type: "DealershipSelector",
        title: "Locations",
        dealerships: [
          { name: "North", address: "1 North Rd", phone: "555-0001", website: "https://north.example" },
          { name: "South" },
        ],
      },
      { onSelectDealership },
    );
    expect(view.$$(".ba-group-title").map((e) => e.textContent)).toEqual(["North", "South"]);
    expect(view.text()).toContain("1 North Rd");
    await view.click(view.$$("button").filter((b) => b.textContent === "Select")[1]);
    expect(onSelectDealership).toHaveBeenCalledWith(expect.objectContaining({ id: uuid(1) }), 1);
  });

  it("external app: its name and Open to the store page", async () => {
    view = await open({
      type: "ClickToExternalApp",
      title: "Our App",
      appName: "FordPass",
      iosStoreUrl: "https://apps.example/fp",
    });
    expect(view.$(".ba-big")?.textContent).toBe("FordPass");
    expect(view.button("Open").getAttribute("href")).toBe("https://apps.example/fp");
  });

  it("manufacturer apps: one row per known preset, each with its store links", async () => {
    const onOpenLink = vi.fn();
    view = await open(
      { type: "BrandedOemAppSelect", title: "Brand Apps", presets: ["FordPass", "myChevrolet"] },
      { onOpenLink, userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120" },
    );
    expect(view.$$(".ba-row-text").map((e) => e.textContent)).toEqual(["FordPass", "myChevrolet"]);
    await view.click(view.$$("a").filter((b) => b.textContent === "App Store")[0]);
    expect(onOpenLink).toHaveBeenCalledWith("https://apps.apple.com/us/app/fordpass/id1095418609");
  });

  it("e-mail feature: the visitor writes, the sdk sends", async () => {
    const onSendEmail = vi.fn().mockResolvedValue(undefined);
    view = await open(
      { type: "Email", title: "Email", recipients: "a@x.example, b@x.example", subject: "Hi" },
      { onSendEmail },
    );
    const inputs = view.$$<HTMLInputElement>(".ba-field input");
    expect(inputs.map((i) => [i.value, i.readOnly])).toEqual([
      ["", false],
      ["a@x.example, b@x.example", true],
      ["Hi", false],
    ]);
    await view.click(view.button("Send"));
    // The message is required, so an empty form does not go out.
    expect(onSendEmail).not.toHaveBeenCalled();
  });
});
