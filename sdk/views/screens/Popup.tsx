import { useEffect, useId, useRef } from "react";
import { useView } from "../context.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";

/** What Tab can reach inside the dialog, in order. */
const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** The focused element of the document or shadow root the dialog lives in (the widget's is a shadow root). */
const activeIn = (el: Element) => (el.getRootNode() as Document | ShadowRoot).activeElement;

/**
 * A pop-up (page popup): a modal dialog over the app with its title, image, message and link. As a modal
 * dialog should: focus moves into it, Tab and Shift+Tab stay inside it, Escape closes it, and focus goes
 * back to where it was before.
 */
export function Popup({ feature, onClose }: { feature: AnyFeature; onClose: () => void }) {
  const { t, mode } = useView();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  // The builder's preview shows the pop-up being edited: it must not take the focus from the editor's fields.
  const takeFocus = mode === "widget";
  useEffect(() => {
    if (!takeFocus) return;
    const close = closeRef.current;
    const before = close ? activeIn(close) : null;
    close?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [takeFocus]);
  const image = safeImage(feature.image as string | undefined);
  return (
    <div className="ba-overlay" data-page="popup">
      <div
        className="ba-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === "Escape") onClose();
          if (e.key !== "Tab") return;
          const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
          const first = items[0];
          const last = items[items.length - 1];
          const active = activeIn(e.currentTarget);
          if (e.shiftKey && active === first) {
            e.preventDefault();
            last?.focus();
          } else if (!e.shiftKey && active === last) {
            e.preventDefault();
            first?.focus();
          }
        }}
      >
        <h2 id={titleId} className="ba-dialog-title">
          {feature.title}
        </h2>
        {image ? <img className="ba-detail-image" src={image} alt="" /> : null}
        <p className="ba-dialog-text">{(feature.message as string) ?? ""}</p>
        <div className="ba-actions">
          <ExternalLink href={feature.link as string | undefined} className="ba-button">
            {(feature.linkText as string) || t("common.learnMore")}
          </ExternalLink>
          <button ref={closeRef} type="button" className="ba-button ba-button-secondary" onClick={onClose}>
            {t("common.close")}
          </button>
        </div>
      </div>
    </div>
  );
}
