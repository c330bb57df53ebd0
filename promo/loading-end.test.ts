import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOADING_END_ATTRIBUTE, LOADING_END_EVENT, signalLoadingEnd } from "./loading-end.ts";

/** A loader whose images finish when the test says so. */
function controlledLoader() {
  const pending = new Map<string, () => void>();
  const load = vi.fn(
    (src: string) =>
      new Promise<void>((resolve) => {
        pending.set(src, resolve);
      }),
  );
  return { load, finish: (src: string) => pending.get(src)?.() };
}

describe("promo loading-end signal", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("fires 2000 ms after the last icon has loaded, not before", async () => {
    const root = document.createElement("div");
    const fired = vi.fn();
    root.addEventListener(LOADING_END_EVENT, fired);
    const { load, finish } = controlledLoader();
    signalLoadingEnd(root, ["/a.svg", "/b.svg", "/a.svg"], { load });
    expect(load).toHaveBeenCalledTimes(2);

    finish("/a.svg");
    await vi.advanceTimersByTimeAsync(5000);
    expect(fired).not.toHaveBeenCalled();

    finish("/b.svg");
    await vi.advanceTimersByTimeAsync(1999);
    expect(fired).not.toHaveBeenCalled();
    expect(root.hasAttribute(LOADING_END_ATTRIBUTE)).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toHaveBeenCalledTimes(1);
    expect(root.hasAttribute(LOADING_END_ATTRIBUTE)).toBe(true);
  });

  it("with no icons, fires 2000 ms after start", async () => {
    const root = document.createElement("div");
    const fired = vi.fn();
    root.addEventListener(LOADING_END_EVENT, fired);
    signalLoadingEnd(root, []);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fired).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it("can be cancelled (the page left or re-rendered)", async () => {
    const root = document.createElement("div");
    const fired = vi.fn();
    root.addEventListener(LOADING_END_EVENT, fired);
    const cancel = signalLoadingEnd(root, []);
    await vi.advanceTimersByTimeAsync(1000);
    cancel();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fired).not.toHaveBeenCalled();
  });
});
