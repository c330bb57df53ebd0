import { afterEach, describe, expect, it, vi } from "vitest";
import { baseDefinition, type Rendered, renderApp, spokenText, uuid } from "../test/render.tsx";
import type { DirectoryMember, EndUserApi } from "../types.ts";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const feature = {
  id: uuid(1),
  type: "ContactUs",
  title: "Contact us",
  groups: [{ name: "Sales", methods: [{ type: "PhoneNumber", value: "+1 555 0100" }] }],
};
const definition = baseDefinition({ features: [feature] as never });
const rosa: DirectoryMember = {
  id: uuid(201),
  name: "Rosa Diaz",
  title: "Service Advisor",
  department: "Service",
  phone: "+1 (555) 010-0001",
  email: "rosa@example.com",
  image: "https://api.example/api/images/rosa.png",
  isDefault: true,
};
const sam: DirectoryMember = { id: uuid(202), name: "Sam Lee", isDefault: false };

const open = (over: Record<string, unknown> = {}) =>
  renderApp({ featureId: uuid(1), definition, mode: "widget", ...over } as never);
const members = (v: Rendered) =>
  v.$$(".ba-staff-member").map((li) => li.querySelector(".ba-row-text")?.textContent);
/** Each control's accessible name: its aria-label, else its text. */
const nameOf = (b: Element) => b.getAttribute("aria-label") ?? spokenText(b);
const buttons = (v: Rendered) => v.$$(".ba-staff button, .ba-staff a").map(nameOf);
const control = (v: Rendered, name: string) =>
  v.$$(".ba-staff button").find((b) => nameOf(b) === name) ?? null;

function endUser(directory: DirectoryMember[], setAdvisor: EndUserApi["setAdvisor"]): EndUserApi {
  return {
    userId: uuid(500),
    offers: vi.fn(),
    redeem: vi.fn(),
    loyaltyCards: vi.fn(),
    stamp: vi.fn(),
    points: vi.fn(),
    staffDirectory: vi.fn(async () => directory),
    setAdvisor: vi.fn(setAdvisor),
  } as unknown as EndUserApi;
}

describe("staff directory in Contact us", () => {
  it("shows a visitor the members with Call and Email, and Sign In to choose an advisor", async () => {
    const opened: string[] = [];
    const screens = {
      entry: () => null,
      screen: (name: string) => {
        opened.push(name);
        return <div data-page={name} />;
      },
    };
    view = await open({ staffDirectory: async () => [rosa, sam], screens });
    expect(view.$(".ba-staff h3")?.textContent).toBe("Our team");
    expect(members(view)).toEqual(["Rosa DiazService Advisor · Service", "Sam Lee"]);
    expect(view.$<HTMLImageElement>(".ba-staff img")?.src).toBe(rosa.image);
    expect(buttons(view)).toEqual(["Call: Rosa Diaz", "Email: Rosa Diaz", "Sign in to choose your advisor"]);
    expect(view.$<HTMLAnchorElement>(".ba-staff a")?.getAttribute("href")).toBe("tel:+15550100001");
    await view.click(view.button("Sign in to choose your advisor"));
    expect(new Set(opened)).toEqual(new Set(["signIn"]));
    expect(view.$("[data-page=signIn]")).not.toBeNull();
  });

  it("lets a signed-in customer pick their advisor and remove it; a failure says so", async () => {
    let chosen: string | null = null;
    let fail = false;
    const api = endUser([rosa, { ...sam, chosen: true }], async (id) => {
      if (fail) throw new Error("Network Error");
      chosen = id;
      return { staffMemberId: id };
    });
    view = await open({ endUser: api, staffDirectory: async () => [] });
    expect(members(view)).toEqual(["Rosa DiazService Advisor · Service", "Sam LeeYour advisor"]);
    await view.click(control(view, "Choose as my advisor: Rosa Diaz"));
    expect(chosen).toBe(rosa.id);
    expect(members(view)).toEqual(["Rosa DiazService Advisor · ServiceYour advisor", "Sam Lee"]);
    expect(view.$("[role=status]")?.textContent).toBe("Rosa Diaz is now your advisor");
    await view.click(control(view, "Remove my advisor: Rosa Diaz"));
    expect(chosen).toBeNull();
    expect(view.$("[role=status]")?.textContent).toBe("You have no advisor now");
    fail = true;
    await view.click(control(view, "Choose as my advisor: Sam Lee"));
    expect(view.$("[role=status]")?.textContent).toBe("Your choice was not saved. Try again.");
    expect(members(view)).toEqual(["Rosa DiazService Advisor · Service", "Sam Lee"]);
  });

  it("in Spanish", async () => {
    const api = endUser([{ ...rosa, chosen: true }], async (id) => ({ staffMemberId: id }));
    view = await open({ endUser: api, lang: "es" });
    expect(view.$(".ba-staff h3")?.textContent).toBe("Nuestro equipo");
    expect(members(view)).toEqual(["Rosa DiazService Advisor · ServiceSu asesor"]);
    expect(buttons(view)).toEqual(["Llamar: Rosa Diaz", "Correo: Rosa Diaz", "Quitar mi asesor: Rosa Diaz"]);
  });

  it("shows nothing without a directory (the builder's preview) or without staff", async () => {
    view = await open({ mode: "preview" });
    expect(view.$(".ba-staff")).toBeNull();
    expect(view.text()).toContain("Sales");
    view.unmount();
    view = await open({ staffDirectory: async () => [] });
    expect(view.$(".ba-staff")).toBeNull();
  });
});
