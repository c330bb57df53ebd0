import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pickLang, translator } from "../i18n.ts";
import { safeImage, safeUrl } from "../safe-url.ts";
import { spokenText } from "../test/render.tsx";
import { AppBanner } from "./AppBanner.tsx";
import { COLLAPSE_MS, Collapse } from "./Collapse.tsx";
import { MessageBox } from "./MessageBox.tsx";

let container: HTMLElement;
let unmount = () => {};
async function render(node: React.ReactNode) {
  container = document.createElement("div");
  document.body.appendChild(container);
  const root = createRoot(container);
  await act(async () => root.render(node));
  unmount = () => {
    act(() => root.unmount());
    container.remove();
  };
}
const click = (el: Element | null | undefined) => act(async () => (el as HTMLElement).click());
afterEach(() => unmount());

describe("collapsible panel", () => {
  const items = [
    { key: "a", title: "First", content: <p>one</p> },
    { key: "b", title: "Second", content: <p>two</p> },
  ];

  it("opens one item at a time, and clicking the open one closes it", async () => {
    await render(<Collapse items={items} />);
    const [a, b] = Array.from(container.querySelectorAll("button"));
    expect(a.getAttribute("aria-expanded")).toBe("false");
    await click(a);
    expect(a.getAttribute("aria-expanded")).toBe("true");
    expect(container.textContent).toContain("one");
    await click(b);
    expect(a.getAttribute("aria-expanded")).toBe("false");
    expect(b.getAttribute("aria-expanded")).toBe("true");
    expect(container.textContent).not.toContain("one");
    await click(b);
    expect(b.getAttribute("aria-expanded")).toBe("false");
    expect(container.textContent).not.toContain("two");
  });

  it("animates in 150 ms", () => {
    expect(COLLAPSE_MS).toBe(150);
  });
});

describe("message box", () => {
  it("shows type and title, and goes away when dismissed", async () => {
    const onDismiss = vi.fn();
    await render(<MessageBox type="danger" title="Code is invalid" onDismiss={onDismiss} />);
    const box = container.querySelector(".ba-message-danger");
    expect(box?.getAttribute("role")).toBe("alert");
    expect(container.querySelector(".ba-message-title")?.textContent).toBe("Code is invalid");
    await click(container.querySelector("button[aria-label=Dismiss]"));
    expect(container.querySelector(".ba-message")).toBeNull();
    expect(onDismiss).toHaveBeenCalled();
  });

  it("announces the other types politely", async () => {
    await render(<MessageBox type="success" title="Saved" />);
    expect(container.querySelector(".ba-message")?.getAttribute("role")).toBe("status");
  });
});

describe("app-download banner", () => {
  it.each([
    ["en", "Download the free app for exclusive specials.", "Download"],
    ["es", "Descarga la aplicación gratuita para ofertas exclusivas.", "Descargar"],
    ["fr", "Téléchargez l'application gratuite pour des offres exclusives.", "Télécharger"],
  ] as const)("speaks %s", async (lang, text, button) => {
    await render(<AppBanner lang={lang} href="https://apps.example/app" />);
    expect(container.querySelector(".ba-banner-text")?.textContent).toBe(text);
    expect(spokenText(container.querySelector("a") as Element)).toBe(button);
    expect(container.querySelector(".ba-banner")?.getAttribute("lang")).toBe(lang);
  });

  it("closes", async () => {
    const onClose = vi.fn();
    await render(<AppBanner onClose={onClose} />);
    await click(container.querySelector("button"));
    expect(container.querySelector(".ba-banner")).toBeNull();
    expect(onClose).toHaveBeenCalled();
  });
});

describe("texts", () => {
  it("fills placeholders and falls back to English", () => {
    expect(translator("es")("call.calling", { number: "555" })).toBe("Llamando a 555");
    expect(translator("fr")("coupons.empty")).toBe("No Coupons");
    expect(translator("en")("no.such.key")).toBe("no.such.key");
    expect(pickLang("es-MX")).toBe("es");
    expect(pickLang("de")).toBe("en");
  });

  it("Spanish has every English key", async () => {
    const en = (await import("../../../locales/en.json")).default;
    const es = (await import("../../../locales/es.json")).default;
    const keys = (o: object, p = ""): string[] =>
      Object.entries(o).flatMap(([k, v]) => (typeof v === "object" ? keys(v, `${p}${k}.`) : [`${p}${k}`]));
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });
});

describe("inert user content", () => {
  it.each([
    ["javascript:alert(1)", undefined],
    [" JaVaScRiPt:alert(1)", undefined],
    ["java\tscript:alert(1)", undefined],
    ["vbscript:x", undefined],
    ["data:text/html,<script>", undefined],
    ["https://ok.example", "https://ok.example"],
    ["/relative/path", "/relative/path"],
    // The URL policy (core/url-policy.ts): stored links are http, https or app links; mailto: is built by mailHref.
    ["mailto:a@b.example", undefined],
    ["", undefined],
  ])("safeUrl(%j)", (input, expected) => {
    expect(safeUrl(input)).toBe(expected);
  });

  it("images: raster data and web addresses only", () => {
    expect(safeImage("data:image/png;base64,AAA")).toBe("data:image/png;base64,AAA");
    expect(safeImage("data:image/svg+xml,<svg onload=alert(1)>")).toBeUndefined();
    expect(safeImage("tel:123")).toBeUndefined();
  });
});
