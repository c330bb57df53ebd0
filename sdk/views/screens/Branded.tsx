import type { Dealership } from "../../../schemas/index.ts";
import { useView } from "../context.ts";
import { safeUrl, telHref } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { Empty, Screen } from "../ui/Screen.tsx";

const titleOf = (feature: AnyFeature) => (feature.headerTitle as string) || feature.title || "";

/** Roadside assistance: call the brand's roadside line, or open its page. */
export function RoadsideScreen({ feature }: { feature: AnyFeature }) {
  const { t } = useView();
  const phone = ((feature.phone as string) ?? "").trim();
  return (
    <Screen title={titleOf(feature)} page="roadside_assistance">
      <div className="ba-center">
        {phone ? <p className="ba-big">{phone}</p> : null}
        <div className="ba-actions">
          {phone ? (
            <a className="ba-button" href={telHref(phone)}>
              {t("roadside.call")}
            </a>
          ) : null}
          <ExternalLink href={feature.link as string | undefined} className="ba-button ba-button-secondary">
            {t("roadside.open")}
          </ExternalLink>
        </div>
      </div>
    </Screen>
  );
}

/** Manufacturer apps: the presets the dealer offers, each opening the manufacturer's app or store page. */
export function OemAppSelectScreen({ feature }: { feature: AnyFeature }) {
  const { t, onOpenLink } = useView();
  // A preset the builder just added is still empty (or not yet a string): skip it rather than fail.
  const presets = ((feature.presets as unknown[] | undefined) ?? []).filter(
    (p): p is string => typeof p === "string" && p.trim() !== "",
  );
  return (
    <Screen title={titleOf(feature)} page="home">
      {presets.length === 0 ? (
        <Empty text={t("menu.empty")} />
      ) : (
        <ul className="ba-rows">
          {presets.map((p) => (
            <li key={p} className="ba-row">
              <span className="ba-row-text">{p}</span>
              {onOpenLink ? (
                <button type="button" className="ba-button ba-button-small" onClick={() => onOpenLink(p)}>
                  {t("externalApp.open")}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

/** External app: the app's name and an Open button to its store page (the scheme opens only on phones). */
export function ExternalAppScreen({ feature }: { feature: AnyFeature }) {
  const { t } = useView();
  const name = (feature.appName as string) || feature.title || "";
  return (
    <Screen title={titleOf(feature)} page="home">
      <div className="ba-center">
        <p className="ba-big">{name}</p>
        <ExternalLink href={feature.iosStoreUrl as string | undefined}>{t("externalApp.open")}</ExternalLink>
      </div>
    </Screen>
  );
}

/** Dealership selector: the rooftops with address, phone and website; Select hands the choice to the sdk. */
export function DealershipSelectorScreen({ feature }: { feature: AnyFeature }) {
  const { t, onSelectDealership } = useView();
  const dealerships = (feature.dealerships as Dealership[] | undefined) ?? [];
  return (
    <Screen title={titleOf(feature)} page="home">
      {dealerships.length === 0 ? (
        <Empty text={t("menu.empty")} />
      ) : (
        <ul className="ba-list">
          {dealerships.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: dealerships have no id; their order is the key
            <li key={i} className="ba-group">
              <h3 className="ba-group-title">{d.name}</h3>
              {d.address ? <p className="ba-row-text">{d.address}</p> : null}
              {d.phone ? (
                <p>
                  <a href={telHref(d.phone)}>{d.phone}</a>
                </p>
              ) : null}
              {safeUrl(d.website) ? (
                <p>
                  <ExternalLink href={d.website} className="ba-link">
                    {d.website}
                  </ExternalLink>
                </p>
              ) : null}
              {onSelectDealership ? (
                <button
                  type="button"
                  className="ba-button ba-button-small"
                  onClick={() => onSelectDealership(feature, i)}
                >
                  {t("dealerships.select")}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
