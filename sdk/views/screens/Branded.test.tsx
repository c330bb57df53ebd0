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
