import { useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { AppDefinition } from "../../../schemas/index.ts";
import { AppScreen, viewStyles } from "../../../sdk/views/index.ts";

/**
 * The live preview: the widget's own views rendering the unsaved draft, inside a shadow root (as in the
 * widget) so the console's styles cannot change what end users will see.
 */
export function PhonePreview({ definition, appId }: { definition: AppDefinition; appId?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    if (host.current) setRoot(host.current.shadowRoot ?? host.current.attachShadow({ mode: "open" }));
  }, []);
  return (
    <section className="phone" aria-label="Phone preview">
      <div className="phone-screen" ref={host} data-testid="phone-preview">
        {root
          ? createPortal(
              <>
                <style>{viewStyles}</style>
                <AppScreen definition={definition} appId={appId} />
              </>,
              root,
            )
          : null}
      </div>
    </section>
  );
}
