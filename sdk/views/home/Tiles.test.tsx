import { afterEach, describe, expect, it } from "vitest";
import { baseDefinition, type Rendered, renderApp } from "../test/render.tsx";
import { tileHeight } from "./Tiles.tsx";

let view: Rendered | undefined;
afterEach(() => {
  view?.unmount();
  view = undefined;
});

const tiles = [
  { type: "w100" as const, slides: [{ text: "Service" }] },
  { type: "w50h2" as const, slides: [] },
  { type: "w33h3" as const, slides: [] },
];
const heights = () => view?.$$<HTMLElement>(".ba-tile").map((t) => t.style.height);

describe("tiles per screen (tilesConfig.units, spec §9)", () => {
  it("tile heights follow the setting: 250 px a unit at the default 5, half at 10, five times at 1", () => {
    expect(tileHeight("w100")).toBe(250);
    expect(tileHeight("w100", 5)).toBe(250);
    expect(tileHeight("w50h2", 10)).toBe(250);
    expect(tileHeight("w33h3", 3)).toBe(1250);
    expect(tileHeight("w100", 1)).toBe(1250);
    expect(tileHeight("w100", 0)).toBe(250);
  });

  it("the Tiles layout draws them so", async () => {
    const definition = (units?: number) =>
      baseDefinition({ theme: { layout: "Tiles" } as never, tilesConfig: { tiles, units } });
    view = await renderApp({ definition: definition() });
    expect(heights()).toEqual(["250px", "500px", "750px"]);
    await view.rerender({ definition: definition(10) });
    expect(heights()).toEqual(["125px", "250px", "375px"]);
    await view.rerender({ definition: definition(4) });
    expect(heights()).toEqual(["313px", "625px", "938px"]);
  });
});
