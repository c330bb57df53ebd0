import { afterEach, describe, expect, it, vi } from "vitest";
import { WIDGET_BOX } from "./box.ts";

afterEach(() => {
  document.body.innerHTML = "";
  vi.unstubAllGlobals();
});

describe("the loader reserves the widget's box", () => {
  it("mounts <brand-app> with its final size before the bundle or the data arrive", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise(() => {})),
    );
    // The bundle counts as requested already: only the mounting is under test.
    document.head.innerHTML = `<script type="module" data-brand-app-element></script>`;
    document.body.innerHTML = `<div id="brand-app" data-app-id="app-1"></div>`;
    await import("./embed.ts");
    const el = document.querySelector("#brand-app > brand-app") as HTMLElement;
    expect(el.getAttribute("app-id")).toBe("app-1");
    expect(WIDGET_BOX).toBe("display:block;width:100%;max-width:480px;aspect-ratio:9/16;overflow:hidden");
    expect(el.style.display).toBe("block");
    expect(el.style.width).toBe("100%");
    expect(el.style.maxWidth).toBe("480px");
    expect(el.style.getPropertyValue("aspect-ratio").replace(/\s/g, "")).toBe("9/16");
  });
});
