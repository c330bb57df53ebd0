import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { AppDefinition } from "../schemas/index.ts";
import { AppScreen, viewStyles } from "../sdk/views/index.ts";

interface Props {
  definition: AppDefinition;
  appId: string;
  label: string;
}

/**
 * The app itself in a phone frame: the widget's own views (the preview is the product), inside a shadow
 * root so the widget's styles and the page's styles cannot meet. The frame has a fixed size in the server's
 * HTML and the screen is drawn once the page runs, so nothing moves when it appears.
 */
export function Simulator({ definition, appId, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [shadow, setShadow] = useState<ShadowRoot | null>(null);

  useEffect(() => {
    const el = host.current;
    if (el) setShadow(el.shadowRoot ?? el.attachShadow({ mode: "open" }));
  }, []);

  return (
    <figure className="promo-phone" aria-label={label}>
      <div className="promo-phone-screen" ref={host} data-testid="promo-simulator" />
      {shadow
        ? createPortal(
            <>
              <style>{viewStyles}</style>
              <AppScreen definition={definition} appId={appId} />
            </>,
            shadow as unknown as Element,
          )
        : null}
    </figure>
  );
}
