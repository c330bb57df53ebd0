import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AppScreen } from "./AppScreen.tsx";
import { baseDefinition, uuid } from "./test/render.tsx";

describe("server rendering (the promo page renders the simulator on the server)", () => {
  it("renders home in promo mode, the slider's first slide standing in for the slider", () => {
    const html = renderToString(
      <AppScreen
        mode="promo"
        lang="es"
        appId="a1"
        definition={baseDefinition({
          coverSlides: [{ image: "https://img.example/s1.png" }, { image: "https://img.example/s2.png" }],
          features: [{ id: uuid(1), type: "Coupons", title: "Cupones" }] as never,
        })}
      />,
    );
    expect(html).toContain('class="ba-name"');
    expect(html).toContain("https://img.example/s1.png");
    expect(html).toContain("Cupones");
    expect(html).toContain('lang="es"');
  });
});
