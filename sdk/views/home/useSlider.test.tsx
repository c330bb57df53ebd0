import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useSlider } from "./useSlider.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The hook on a bare track with one linked slide, as Slider.tsx wires it. */
function Harness({ openLink, onHintHidden }: { openLink: (url: string) => void; onHintHidden?: () => void }) {
  const { track, send, hint, hideHint } = useSlider(2, false, openLink, true, onHintHidden);
  return (
    <section className="track" aria-label="slides" {...track} onMouseEnter={hideHint}>
      {hint ? <p className="hint">hint</p> : null}
      <a
        href="https://dealer.example/1"
        onClick={(e) => {
          e.preventDefault();
          send({ type: "slide.click", path: "https://dealer.example/1" });
        }}
      >
        slide
      </a>
    </section>
  );
}

let root: Root | undefined;
let container: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
});

async function mount(props: { openLink: (url: string) => void; onHintHidden?: () => void }) {
  container = document.createElement("div");
  document.body.appendChild(container);
  root = createRoot(container);
  await act(async () => root?.render(<Harness {...props} />));
  return {
    track: container.querySelector(".track") as HTMLElement,
    link: container.querySelector("a") as HTMLElement,
  };
}

const pointer = (el: Element, type: string, clientX: number, pointerType = "mouse") =>
  act(async () => {
    el.dispatchEvent(new PointerEvent(type, { clientX, pointerId: 1, pointerType, bubbles: true }));
  });

describe("useSlider: pointer gestures on the slide track", () => {
  it("a mouse click on a slide opens its link, and the pointer is never captured for it", async () => {
    const openLink = vi.fn();
    const { track, link } = await mount({ openLink });
    const capture = vi.fn();
    track.setPointerCapture = capture;
    await pointer(link, "pointerdown", 100);
    await pointer(link, "pointermove", 103);
    await pointer(link, "pointerup", 103);
    await act(async () => link.click());
    expect(capture).not.toHaveBeenCalled();
    expect(openLink).toHaveBeenCalledWith("https://dealer.example/1");
    expect(openLink).toHaveBeenCalledTimes(1);
  });

  it("a drag of 11 px does not open the link (and captures the pointer once past 10 px)", async () => {
    const openLink = vi.fn();
    const { track, link } = await mount({ openLink });
    const capture = vi.fn();
    track.setPointerCapture = capture;
    await pointer(link, "pointerdown", 100);
    await pointer(link, "pointermove", 110);
    expect(capture).not.toHaveBeenCalled();
    await pointer(link, "pointermove", 111);
    expect(capture).toHaveBeenCalledWith(1);
    await pointer(link, "pointerup", 111);
    await act(async () => link.click());
    expect(openLink).not.toHaveBeenCalled();
    // The next plain click opens it again.
    await pointer(link, "pointerdown", 50);
    await pointer(link, "pointerup", 50);
    await act(async () => link.click());
    expect(openLink).toHaveBeenCalledTimes(1);
  });

  it("a drag of exactly 10 px still opens the link", async () => {
    const openLink = vi.fn();
    const { link } = await mount({ openLink });
    await pointer(link, "pointerdown", 100);
    await pointer(link, "pointermove", 90);
    await pointer(link, "pointerup", 90);
    await act(async () => link.click());
    expect(openLink).toHaveBeenCalledTimes(1);
  });

  it("the hint hides on the first touch and is reported once", async () => {
    const onHintHidden = vi.fn();
    const { track } = await mount({ openLink: vi.fn(), onHintHidden });
    expect(container.querySelector(".hint")).not.toBeNull();
    await pointer(track, "pointerdown", 10, "touch");
    await pointer(track, "pointerup", 10, "touch");
    expect(container.querySelector(".hint")).toBeNull();
    await pointer(track, "pointerdown", 10, "touch");
    await act(async () => {
      track.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
    });
    expect(onHintHidden).toHaveBeenCalledTimes(1);
  });
});
