import { afterEach, describe, expect, it, vi } from "vitest";
import { baseDefinition, type Rendered, renderApp, spokenText, uuid } from "../test/render.tsx";
import { stampCircles } from "./Loyalty.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const open = (feature: Record<string, unknown>, over: Record<string, unknown> = {}) =>
  renderApp({
    featureId: uuid(1),
    mode: "preview",
    definition: baseDefinition({ features: [{ id: uuid(1), ...feature }] as never }),
    ...over,
  });

describe("loyalty stamp card", () => {
  it("marks the first circle done when there are several, numbers the rest", () => {
    expect(stampCircles(4)).toEqual([
      { n: 1, done: true },
      { n: 2, done: false },
      { n: 3, done: false },
      { n: 4, done: false },
    ]);
    expect(stampCircles(1)).toEqual([{ n: 1, done: false }]);
  });

  it("draws stampNumber circles, the description cut at 80, a code box of 18 and 'Stamp card'", async () => {
    const onStamp = vi.fn();
    view = await open(
      {
        type: "Loyalty",
        title: "Loyalty",
        description: "x".repeat(85),
        stampNumber: 6,
        code: "SECRET",
        link: "https://dealer.example/loyalty",
        linkText: "Rules",
      },
      { onStamp },
    );
    expect(view.$("[data-page=loyalty]")).not.toBeNull();
    const stamps = view.$$(".ba-stamp");
    expect(stamps).toHaveLength(6);
    expect(stamps[0].classList.contains("ba-stamp-done")).toBe(true);
    expect(stamps.slice(1).map((s) => s.textContent)).toEqual(["2", "3", "4", "5", "6"]);
    expect(stamps[0].getAttribute("aria-label")).toBe("Stamp 1, collected");
    expect(view.$(".ba-detail-desc")?.textContent).toBe(`${"x".repeat(80)}...`);
    expect((view.$(".ba-code") as HTMLInputElement).maxLength).toBe(18);
    expect(view.button("Rules").getAttribute("href")).toBe("https://dealer.example/loyalty");
    expect(view.$("button[type=submit]")?.textContent).toBe("Stamp card");
    // The business's code never shows to the end user.
    expect(view.container.innerHTML).not.toContain("SECRET");
  });
});

describe("loyalty programs (Loyalty2)", () => {
  const program = (n: number) => ({
    id: uuid(300 + n),
    title: `Program ${n}`,
    description: "Earn on every visit",
  });

  it("says 'No Loyalty Programs' when empty", async () => {
    view = await open({ type: "Loyalty2", title: "Rewards", programs: [] });
    expect(view.$(".ba-empty")?.textContent).toBe("No Loyalty Programs");
  });

  it("opens exactly one program directly; Install only when the surface can install", async () => {
    view = await open({ type: "Loyalty2", title: "Rewards", programs: [program(1)] });
    expect(view.$("[data-page=loyalty2]")).not.toBeNull();
    expect(view.$(".ba-detail-title")?.textContent).toBe("Program 1");
    expect(view.text()).not.toContain("Install");
    const onInstallApp = vi.fn();
    await view.rerender({ onInstallApp });
    await view.click(view.button("Install"));
    expect(onInstallApp).toHaveBeenCalled();
  });

  it("lists several; a program shows points, value, expiry, Earn/Spend tabs and the panels", async () => {
    view = await open(
      { type: "Loyalty2", title: "Rewards", programs: [program(1), program(2)] },
      {
        loyalty: {
          [uuid(302)]: {
            currentPoints: 1250,
            currentValue: 12.5,
            expiryPeriod: "12 months",
            history: [{ kind: "earned", points: 100, time: "2026-06-01T10:00:00Z" }],
            rewards: {
              earn: [{ title: "Oil change", points: 50 }],
              spend: [{ title: "Free wash", points: 200 }],
            },
            terms: "Points have no cash value.",
          },
        },
      },
    );
    expect(view.$$(".ba-card-title").map((e) => e.textContent)).toEqual(["Program 1", "Program 2"]);
    await view.click(view.$$(".ba-card")[1]);
    const stats = view
      .$$(".ba-stats div")
      .map((d) => [d.querySelector("dt")?.textContent, d.querySelector("dd")?.textContent]);
    expect(stats).toEqual([
      ["Current Points", "1250"],
      ["Current Value", "$12.50"],
    ]);
    expect(view.$(".ba-note")?.textContent).toBe("Points expire after 12 months");
    const tabs = view.$$("[role=tab]");
    expect(tabs.map((t) => [t.textContent, t.getAttribute("aria-selected")])).toEqual([
      ["Earn", "true"],
      ["Spend", "false"],
    ]);
    expect(view.$("[role=tabpanel]")?.textContent).toContain("Earn Rewards");
    expect(view.$("[role=tabpanel]")?.textContent).toContain("Oil change");
    await view.click(tabs[1]);
    expect(view.$("[role=tabpanel]")?.textContent).toContain("Spend Rewards");
    expect(view.$("[role=tabpanel]")?.textContent).toContain("Free wash");
    const heads = view.$$(".ba-collapse-head button").map((b) => spokenText(b));
    expect(heads).toEqual(["History", "Milestones", "Current Rewards", "Terms & Conditions"]);
    await view.click(view.button("History"));
    expect(view.text()).toContain("Earned · June 1st 2026");
    await view.click(view.button("Terms & Conditions"));
    expect(view.text()).toContain("Points have no cash value.");
    expect(view.text()).not.toContain("Earned · June 1st 2026"); // one panel open at a time
  });
});

describe("referral", () => {
  it("shows instructions, the certificate, 'From' max 24, description, 'Expires' date and Share", async () => {
    const onShare = vi.fn();
    view = await open(
      {
        type: "ReferralProgram",
        title: "Refer a Friend",
        programName: "Friends & Family",
        instructions: "Share this certificate with a friend.",
        certificateDescription: "$50 off your first service",
        expiration: "2026-12-31",
      },
      { onShare },
    );
    expect(view.$("[data-page=referral]")).not.toBeNull();
    expect(view.$(".ba-instructions")?.textContent).toBe("Share this certificate with a friend.");
    expect(view.$(".ba-certificate-logo")?.getAttribute("src")).toBe("https://img.example/logo.png");
    expect(view.$(".ba-certificate-app")?.textContent).toBe("Sunrise Motors");
    expect(view.$(".ba-certificate-program")?.textContent).toBe("Friends & Family");
    expect((view.$(".ba-certificate input") as HTMLInputElement).maxLength).toBe(24);
    expect(view.$(".ba-certificate label")?.textContent).toBe("From");
    expect(view.$(".ba-certificate-desc")?.textContent).toBe("$50 off your first service");
    expect(view.$(".ba-certificate-expires")?.textContent).toBe("Expires December 31st 2026");
    await view.click(view.button("Share"));
    expect(onShare).toHaveBeenCalledWith(
      expect.objectContaining({ kind: "referral", title: "Friends & Family" }),
    );
  });

  it("leaves 'Expires' out without an expiration", async () => {
    view = await open({ type: "ReferralProgram", title: "Refer", programName: "P" });
    expect(view.text()).not.toContain("Expires");
  });
});
