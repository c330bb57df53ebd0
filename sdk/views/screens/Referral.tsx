import { useId, useState } from "react";
import { REFERRAL_FROM_MAX } from "../../../schemas/constants/index.ts";
import { useView } from "../context.ts";
import { referralExpiryText } from "../dates.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { Screen } from "../ui/Screen.tsx";

/**
 * spec §2 Referral: instructions, then a certificate with the app's logo and name, the program name, the
 * 'From' name input (max 24), the description and the optional 'Expires' date ('MMMM Do YYYY'); Share.
 */
export function ReferralScreen({ feature }: { feature: AnyFeature }) {
  const { t, definition, lang, timeZone, onShare } = useView();
  const fromId = useId();
  const [from, setFrom] = useState("");
  const logo = safeImage(definition.logo);
  const programName = (feature.programName as string) ?? "";
  const description = (feature.certificateDescription as string) ?? "";
  const instructions = (feature.instructions as string) ?? "";
  const expiration = feature.expiration as string | undefined;
  const expires = expiration ? referralExpiryText(expiration, { locale: lang, timeZone }) : "";
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || programName} page="referral">
      {instructions ? <p className="ba-instructions">{instructions}</p> : null}
      <section className="ba-certificate" aria-label={t("referral.certificate")}>
        {logo ? <img className="ba-certificate-logo" src={logo} alt="" /> : null}
        <p className="ba-certificate-app">{definition.name}</p>
        <h3 className="ba-certificate-program">{programName}</h3>
        <div className="ba-field ba-field-inline">
          <label htmlFor={fromId}>{t("referral.from")}</label>
          <input
            id={fromId}
            maxLength={REFERRAL_FROM_MAX}
            placeholder={t("referral.fromPlaceholder")}
            autoComplete="name"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value.slice(0, REFERRAL_FROM_MAX))}
          />
        </div>
        {description ? <p className="ba-certificate-desc">{description}</p> : null}
        {expires ? (
          <p className="ba-certificate-expires">
            {t("referral.expires")} {expires}
          </p>
        ) : null}
      </section>
      <div className="ba-actions">
        <button
          type="button"
          className="ba-button"
          onClick={() =>
            onShare?.({
              kind: "referral",
              title: programName,
              text: [programName, from && `${t("referral.from")} ${from}`, description]
                .filter(Boolean)
                .join("\n"),
            })
          }
        >
          {t("common.share")}
        </button>
      </div>
    </Screen>
  );
}
