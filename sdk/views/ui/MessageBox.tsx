import { type ReactNode, useState } from "react";
import { translator } from "../i18n.ts";

export type MessageType = "success" | "danger" | "warning" | "info";

/**
 * The dismissible message box (spec §2): a type and a title, optional details, and a close button. Errors
 * are announced at once (role alert); the others politely (role status).
 */
export function MessageBox({
  type,
  title,
  children,
  onDismiss,
  dismissLabel = translator("en")("common.dismiss"),
}: {
  type: MessageType;
  title: string;
  children?: ReactNode;
  onDismiss?: () => void;
  dismissLabel?: string;
}) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <div className={`ba-message ba-message-${type}`} role={type === "danger" ? "alert" : "status"}>
      <div className="ba-message-text">
        <strong className="ba-message-title">{title}</strong>
        {children ? <div className="ba-message-body">{children}</div> : null}
      </div>
      <button
        type="button"
        className="ba-icon-button"
        aria-label={dismissLabel}
        onClick={() => {
          setShown(false);
          onDismiss?.();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
