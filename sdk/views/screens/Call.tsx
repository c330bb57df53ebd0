import { useView } from "../context.ts";
import { telHref } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";

/**
 * spec §2 Click-to-call: 'Calling {number}' with Cancel. In the widget the number is a tel: link, so the
 * visitor's phone (or softphone) places the call.
 */
export function CallScreen({ feature, phone }: { feature: AnyFeature; phone?: string }) {
  const { t, back, mode } = useView();
  const number = (phone ?? (feature.phone as string | undefined) ?? "").trim();
  return (
    <div className="ba-screen ba-calling" data-page="home">
      <div className="ba-calling-body">
        <span className="ba-calling-icon" aria-hidden="true">
          ✆
        </span>
        <h2 className="ba-calling-title" aria-live="polite">
          {mode === "widget" && number ? (
            <a href={telHref(number)}>{t("call.calling", { number })}</a>
          ) : (
            t("call.calling", { number })
          )}
        </h2>
      </div>
      <button type="button" className="ba-button ba-button-danger" onClick={back}>
        {t("common.cancel")}
      </button>
    </div>
  );
}
