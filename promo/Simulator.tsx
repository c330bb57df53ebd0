import { type ComponentType, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { SimulatorScreenProps } from "./SimulatorScreen.tsx";

interface Props extends SimulatorScreenProps {
  label: string;
}

/**
 * The app itself in a phone frame: the widget's own views (the preview is the product), inside a shadow
 * root so the widget's styles and the page's styles cannot meet. The views are most of the page's script,
 * so they load as a separate chunk after hydration; the frame has its fixed size in the server's HTML, so
 * nothing moves when the screen appears.
 */
export function Simulator({ label, ...screen }: Props) {
  const host = useRef<HTMLElement>(null);
  const [target, setTarget] = useState<{ shadow: ShadowRoot; Screen: ComponentType<SimulatorScreenProps> }>();

  useEffect(() => {
    let live = true;
    import("./SimulatorScreen.tsx").then(({ default: Screen }) => {
      const el = host.current;
      if (live && el) setTarget({ shadow: el.shadowRoot ?? el.attachShadow({ mode: "open" }), Screen });
    });
    return () => {
      live = false;
    };
  }, []);

  return (
    <figure className="promo-phone">
      <section
        className="promo-phone-screen"
        ref={host}
        aria-label={label}
        // The screen scrolls when the app is taller than the phone; keyboard users must be able to scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has to take focus (WCAG 2.1.1).
        tabIndex={0}
        data-testid="promo-simulator"
      />
      {target ? createPortal(<target.Screen {...screen} />, target.shadow as unknown as Element) : null}
    </figure>
  );
}
