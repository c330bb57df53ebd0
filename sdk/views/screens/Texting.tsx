import { useId } from "react";
import { useView } from "../context.ts";
import { smsHref } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { Screen } from "../ui/Screen.tsx";

/**
 * spec §2 Texting: the number as the title, a sample bubble and a read-only input. Send opens the
 * visitor's messaging app with the number.
 */
export function TextingScreen({ feature }: { feature: AnyFeature }) {
  const { t } = useView();
  const id = useId();
  const number = ((feature.phone as string) ?? "").trim();
  const message = ((feature.message as string) ?? "").trim();
  return (
    <Screen title={number} page="home">
      <div className="ba-chat">
        <p className="ba-bubble">{message || t("texting.sample")}</p>
      </div>
      <div className="ba-chat-input">
        <label htmlFor={id} className="ba-visually-hidden">
          {t("texting.input")}
        </label>
        <input id={id} readOnly placeholder={t("texting.input")} />
        {number ? (
          <a className="ba-button ba-button-small" href={smsHref(number)}>
            {t("texting.send")}
          </a>
        ) : null}
      </div>
    </Screen>
  );
}
