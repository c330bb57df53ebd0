import { useState } from "react";
import { openablePresets } from "../../../core/integrations.ts";
import { type AppAction, type AppActionKind, findPreset } from "../../../core/manufacturer-apps.ts";
import type { Dealership } from "../../../schemas/index.ts";
import { isVisitorMode, useView } from "../context.ts";
import { safeUrl, smsHref, telHref } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { Empty, Screen } from "../ui/Screen.tsx";
import { useVisitorEnv } from "./visitor.ts";

const titleOf = (feature: AnyFeature) => (feature.headerTitle as string) || feature.title || "";

type Located = { lat: number; lng: number };
type Sharing =
  | { state: "idle" }
  | { state: "asking" }
  | { state: "unavailable" }
  | { state: "denied" }
  | { state: "failed" }
  | ({ state: "located" } & Located);

/** A maps link anyone can open (six decimals: about 10 cm, more than a phone's fix gives). */
export const mapsLink = ({ lat, lng }: Located) =>
  `https://maps.google.com/?q=${lat.toFixed(6)},${lng.toFixed(6)}`;

/**
 * Roadside assistance: call the brand's roadside line, open its page, or share where the visitor is. The
 * position is asked only on the button press (the browser then asks for permission); once known it can be
 * texted to the roadside number, handed to the device's share sheet, or opened on a map. Nothing is sent
 * anywhere by the widget itself.
 */
export function RoadsideScreen({ feature }: { feature: AnyFeature }) {
  const { t } = useView();
  const phone = ((feature.phone as string) ?? "").trim();
  const [sharing, setSharing] = useState<Sharing>({ state: "idle" });
  const locate = () => {
    const geo = typeof navigator === "undefined" ? undefined : navigator.geolocation;
    if (!geo) {
      setSharing({ state: "unavailable" });
      return;
    }
    setSharing({ state: "asking" });
    geo.getCurrentPosition(
      (pos) => setSharing({ state: "located", lat: pos.coords.latitude, lng: pos.coords.longitude }),
      // 1 PERMISSION_DENIED; 2 POSITION_UNAVAILABLE and 3 TIMEOUT can succeed on a second try.
      (err) => setSharing({ state: err.code === 1 ? "denied" : "failed" }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };
  const located = sharing.state === "located" ? sharing : null;
  const link = located ? mapsLink(located) : "";
  const message = located ? t("roadside.message", { link }) : "";
  const canShare = typeof navigator !== "undefined" && typeof navigator.share === "function";
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
          {located || sharing.state === "unavailable" ? null : (
            <button
              type="button"
              className="ba-button ba-button-secondary"
              onClick={locate}
              disabled={sharing.state === "asking"}
            >
              {sharing.state === "denied" || sharing.state === "failed"
                ? t("roadside.retry")
                : t("roadside.share")}
            </button>
          )}
        </div>
        {sharing.state === "asking" ? (
          <p className="ba-note" role="status">
            {t("roadside.locating")}
          </p>
        ) : null}
        {sharing.state === "unavailable" || sharing.state === "denied" || sharing.state === "failed" ? (
          <p className="ba-note" role="alert">
            {t(`roadside.${sharing.state}`)}
          </p>
        ) : null}
        {located ? (
          <>
            <p className="ba-note" role="status">
              {t("roadside.here", { place: `${located.lat.toFixed(6)}, ${located.lng.toFixed(6)}` })}
            </p>
            <div className="ba-actions">
              {phone ? (
                <a className="ba-button" href={`${smsHref(phone)}?body=${encodeURIComponent(message)}`}>
                  {t("roadside.text")}
                </a>
              ) : null}
              {canShare ? (
                <button
                  type="button"
                  className="ba-button ba-button-secondary"
                  // The visitor closing the share sheet rejects: nothing to tell them.
                  onClick={() => navigator.share({ text: message }).catch(() => undefined)}
                >
                  {t("roadside.send")}
                </button>
              ) : null}
              <ExternalLink href={link} className="ba-button ba-button-secondary">
                {t("roadside.map")}
              </ExternalLink>
            </div>
          </>
        ) : null}
      </div>
    </Screen>
  );
}

/**
 * Manufacturer apps: the presets the dealer offers (core/manufacturer-apps.ts). Visitors get each known
 * preset with the actions of their device: on a phone the app by its URL scheme and that phone's store, on
 * a desktop the store web pages; presets they cannot open are left out. The builder's preview lists every
 * preset as typed and marks the unknown ones.
 */
export function OemAppSelectScreen({ feature }: { feature: AnyFeature }) {
  const { t, mode } = useView();
  const env = useVisitorEnv();
  const visitor = isVisitorMode(mode);
  const openable = openablePresets(feature, env);
  const title = titleOf(feature);
  if (!visitor) {
    // A preset the builder just added is still empty (or not yet a string): skip it rather than fail.
    const typed = ((feature.presets as unknown[] | undefined) ?? []).filter(
      (p): p is string => typeof p === "string" && p.trim() !== "",
    );
    return (
      <Screen title={title} page="home">
        {typed.length === 0 ? (
          <Empty text={t("menu.empty")} />
        ) : (
          <ul className="ba-rows">
            {typed.map((p) => {
              const preset = findPreset(p);
              const actions = preset ? openable.find((o) => o.preset.id === preset.id)?.actions : undefined;
              return (
                <li key={p} className="ba-row">
                  <span className="ba-row-text">
                    {preset?.title ?? p}
                    {preset ? null : <span className="ba-note"> {t("oemApps.unknown")}</span>}
                  </span>
                  {preset && actions ? <AppActions app={preset.title} actions={actions} /> : null}
                </li>
              );
            })}
          </ul>
        )}
      </Screen>
    );
  }
  return (
    <Screen title={title} page="home">
      {openable.length === 0 ? (
        <Empty text={t("integrations.unavailable")} />
      ) : (
        <ul className="ba-rows">
          {openable.map(({ preset, actions }) => (
            <li key={preset.id} className="ba-row">
              <span className="ba-row-text">{preset.title}</span>
              <AppActions app={preset.title} actions={actions} />
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}

const ACTION_TEXT: Record<AppActionKind, string> = {
  app: "oemApps.openApp",
  appStore: "oemApps.appStore",
  googlePlay: "oemApps.googlePlay",
};

/**
 * One preset's links. Store pages go through the URL sanitiser and open in a new tab; the app's URL scheme
 * (from the preset catalogue, checked by appSchemeUrl) opens in place, as phones hand it to the app.
 */
function AppActions({ app, actions }: { app: string; actions: AppAction[] }) {
  const { t } = useView();
  return (
    <span className="ba-actions">
      {actions.map((a) => {
        const label = t(`${ACTION_TEXT[a.kind]}_item`, { app });
        const text = t(ACTION_TEXT[a.kind]);
        if (a.kind === "app")
          return (
            <a key={a.kind} className="ba-button ba-button-small" href={a.href} aria-label={label}>
              {text}
            </a>
          );
        return (
          <ExternalLink
            key={a.kind}
            href={a.href}
            className="ba-button ba-button-small ba-button-secondary"
            label={label}
          >
            {text}
          </ExternalLink>
        );
      })}
    </span>
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

/**
 * Dealership selector: the rooftops with address, phone and website. Select marks the visitor's choice at
 * once and hands it to the surface (onSelectDealership), which remembers it per app and passes it back in
 * `selectedDealerships` (by name, so a reordered list keeps the choice).
 */
export function DealershipSelectorScreen({ feature }: { feature: AnyFeature }) {
  const { t, onSelectDealership, selectedDealerships, mode } = useView();
  const dealerships = (feature.dealerships as Dealership[] | undefined) ?? [];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const selected = chosen ?? selectedDealerships?.[feature.id];
  const current = dealerships.find((d) => d.name === selected);
  // Visitors can always select; the builder's preview offers it only when it handles the choice.
  const canSelect = isVisitorMode(mode) || onSelectDealership !== undefined;
  return (
    <Screen title={titleOf(feature)} page="home">
      {dealerships.length === 0 ? (
        <Empty text={t(isVisitorMode(mode) ? "integrations.unavailable" : "menu.empty")} />
      ) : (
        <>
          {current ? (
            <p className="ba-note" role="status">
              {t("dealerships.yours", { name: current.name })}
            </p>
          ) : null}
          <ul className="ba-list">
            {dealerships.map((d, i) => {
              const isSelected = d === current;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: dealerships have no id; their order is the key
                <li key={i} className={isSelected ? "ba-group ba-selected" : "ba-group"}>
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
                  {canSelect ? (
                    <button
                      type="button"
                      className={
                        isSelected
                          ? "ba-button ba-button-small"
                          : "ba-button ba-button-small ba-button-secondary"
                      }
                      aria-pressed={isSelected}
                      aria-label={t(isSelected ? "dealerships.selected_item" : "dealerships.select_item", {
                        name: d.name,
                      })}
                      onClick={() => {
                        setChosen(d.name);
                        onSelectDealership?.(feature, i);
                      }}
                    >
                      {t(isSelected ? "dealerships.selected" : "dealerships.select")}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Screen>
  );
}
