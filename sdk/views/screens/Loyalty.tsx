import { type FormEvent, useId, useState } from "react";
import { LOYALTY_DESCRIPTION_MAX, truncate } from "../../../core/rules.ts";
import { LOYALTY_CODE_INPUT_MAX } from "../../../schemas/constants/index.ts";
import { useView } from "../context.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { FeatureIcon } from "../ui/FeatureIcon.tsx";
import { Screen } from "../ui/Screen.tsx";
import { useSubmit } from "../ui/useSubmit.tsx";

/**
 * The circles of a stamp card (spec §2): stampNumber of them; with more than one, the first is drawn as
 * done (the sample a visitor sees before the first visit), the others carry their number.
 */
export function stampCircles(stampNumber: number): { n: number; done: boolean }[] {
  const count = Math.max(0, Math.floor(Number(stampNumber) || 0));
  return Array.from({ length: count }, (_, i) => ({ n: i + 1, done: i === 0 && count > 1 }));
}

/** spec §2 Loyalty (stamp card): image, description, link, the circles, a code box and the Stamp card button. */
export function LoyaltyScreen({ feature }: { feature: AnyFeature }) {
  const { t, onStamp } = useView();
  const codeId = useId();
  const [code, setCode] = useState("");
  const { busy, run, message } = useSubmit(t("loyalty.stamped"));
  const image = safeImage(feature.image as string | undefined);
  const description = (feature.description as string | undefined) ?? "";
  const stampIcon = feature.stampIcon as string | undefined;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!onStamp || !code.trim()) return;
    if (await run(() => onStamp(feature, code.trim()))) setCode("");
  };
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || ""} page="loyalty">
      <article className="ba-detail">
        {image ? <img className="ba-detail-image" src={image} alt="" /> : null}
        {description ? (
          <p className="ba-detail-desc">{truncate(description, LOYALTY_DESCRIPTION_MAX)}</p>
        ) : null}
        <ExternalLink href={feature.link as string | undefined} className="ba-link">
          {(feature.linkText as string) || t("common.learnMore")}
        </ExternalLink>
        <ol className="ba-stamps" aria-label={t("loyalty.stamps")}>
          {stampCircles(feature.stampNumber as number).map(({ n, done }) => (
            <li
              key={n}
              className={done ? "ba-stamp ba-stamp-done" : "ba-stamp"}
              aria-label={t(done ? "loyalty.stampDone" : "loyalty.stamp", { n })}
            >
              {done ? (
                stampIcon ? (
                  <FeatureIcon icon={stampIcon} title="✓" />
                ) : (
                  <span aria-hidden="true">✓</span>
                )
              ) : (
                <span aria-hidden="true">{n}</span>
              )}
            </li>
          ))}
        </ol>
        {message}
        <form className="ba-form" onSubmit={submit}>
          <div className="ba-field">
            <label htmlFor={codeId}>{t("loyalty.code")}</label>
            <input
              id={codeId}
              className="ba-code"
              maxLength={LOYALTY_CODE_INPUT_MAX}
              autoComplete="off"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
          </div>
          <button type="submit" className="ba-button" disabled={busy} aria-busy={busy}>
            {t("loyalty.stampCard")}
          </button>
        </form>
      </article>
    </Screen>
  );
}
