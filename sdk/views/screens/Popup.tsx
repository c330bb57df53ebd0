import { useEffect, useId, useRef } from "react";
import { useView } from "../context.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";

/**
 * A pop-up (page popup): a modal dialog over the app with its title, image, message and link. Focus moves
 * into it and Escape closes it, as a dialog should.
 */
export function Popup({ feature, onClose }: { feature: AnyFeature; onClose: () => void }) {
  const { t } = useView();
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => closeRef.current?.focus(), []);
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
