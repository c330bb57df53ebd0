import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import type { AppDefinition } from "../../../schemas/index.ts";
import { AppView } from "../AppView.tsx";
import { preloadScreens } from "../screens/registry.tsx";
import type { AppViewProps } from "../types.ts";

// React warns unless it knows it runs under act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Rendered {
  container: HTMLElement;
  root: Root;
  text: () => string;
  $: <E extends Element = HTMLElement>(selector: string) => E | null;
  $$: <E extends Element = HTMLElement>(selector: string) => E[];
  /** The button, link or tab whose visible text is exactly `label`. */
  button: (label: string) => HTMLElement;
  click: (el: Element | null) => Promise<void>;
  rerender: (props: Partial<AppViewProps>) => Promise<void>;
  unmount: () => void;
}

/** Lets lazy screens resolve and effects run: macrotask turns inside act() until the DOM stops changing. */
export async function settle(container?: Element) {
  let last = "";
  let stable = 0;
  for (let i = 0; i < 200 && stable < 3; i++) {
    await act(async () => {
      await new Promise((r) => setTimeout(r, 5));
    });
    const html = container?.innerHTML ?? "";
    stable = html === last ? stable + 1 : 0;
    last = html;
  }
}

// Lazy screens resolve at once when their modules are already loaded.
await preloadScreens();
await import("../home/Slider.tsx");

/** The text a screen reader reads for a control: aria-hidden decorations left out. */
export function spokenText(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll("[aria-hidden=true]")) hidden.remove();
  return copy.textContent?.trim() ?? "";
}

/** Renders AppView with plain react-dom into happy-dom (no testing library: the views need nothing more). */
export async function renderApp(
  props: Partial<AppViewProps> & { definition: AppDefinition },
): Promise<Rendered> {
  const container = document.createElement("div");
  document.body.appendChild(container);
  const root = createRoot(container);
  let current = { now: Date.UTC(2026, 5, 15, 12), timeZone: "UTC", ...props } as AppViewProps;
  await act(async () => root.render(<AppView {...current} />));
  await settle(container);
  const all = <E extends Element>(s: string) => Array.from(container.querySelectorAll<E>(s));
  return {
    container,
    root,
    text: () => container.textContent ?? "",
    $: (s) => container.querySelector(s),
    $$: all,
    button(label) {
      const el = all<HTMLElement>("button, a, [role=tab]").find((b) => spokenText(b) === label);
      if (!el) throw new Error(`No button "${label}" in: ${container.textContent}`);
      return el;
    },
    async click(el) {
      if (!el) throw new Error("nothing to click");
      await act(async () => (el as HTMLElement).click());
      await settle(container);
    },
    async rerender(next) {
      current = { ...current, ...next };
      await act(async () => root.render(<AppView {...current} />));
      await settle(container);
    },
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** A complete definition to start from: name, logo and cover set, so previews draw the app. */
export const baseDefinition = (over: Partial<AppDefinition> = {}): AppDefinition =>
  ({
    name: "Sunrise Motors",
    logo: "https://img.example/logo.png",
    cover: "https://img.example/cover.png",
    theme: { layout: "CoverOnly" },
    features: [],
    ...over,
  }) as AppDefinition;

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
