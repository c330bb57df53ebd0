import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { bannerLang, WidgetAppBanner } from "./app-banner.tsx";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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
afterEach(() => {
  unmount();
  localStorage.clear();
  document.documentElement.lang = "";
});

describe("the widget's app-download banner", () => {
  it("speaks French on a French host page, otherwise the app's language", () => {
    expect(bannerLang("en", "fr-CA")).toBe("fr");
    expect(bannerLang("es", "fr")).toBe("fr");
    expect(bannerLang("es", "en-US")).toBe("es");
    expect(bannerLang("en", "es-MX")).toBe("en");
    expect(bannerLang(undefined, "")).toBe("en");
  });

  it("links to the app's promo page in the host page's French, and stays closed once closed", async () => {
    document.documentElement.lang = "fr";
    await render(<WidgetAppBanner appId="app 1" apiBase="https://api.example" appLang="en" />);
    expect(container.querySelector(".ba-banner-text")?.textContent).toBe(
      "Téléchargez l'application gratuite pour des offres exclusives.",
    );
    const link = container.querySelector("a.ba-banner-button");
    expect(link?.getAttribute("href")).toBe("https://api.example/promo/app%201");
    expect(link?.textContent).toBe("Télécharger");
    await act(async () => (container.querySelector("button[aria-label='Fermer']") as HTMLElement).click());
    expect(container.querySelector(".ba-banner")).toBeNull();
    unmount();
    await render(<WidgetAppBanner appId="app 1" apiBase="https://api.example" appLang="en" />);
    expect(container.querySelector(".ba-banner")).toBeNull();
    // Another app still shows it, here in the app's Spanish.
    document.documentElement.lang = "en";
    unmount();
    await render(<WidgetAppBanner appId="app-2" apiBase="" appLang="es" />);
    expect(container.querySelector(".ba-banner-text")?.textContent).toBe(
      "Descarga la aplicación gratuita para ofertas exclusivas.",
    );
  });
});
