import { normalizeWebLink } from "../../../core/rules.ts";
import { useView } from "../context.ts";
import type { AnyFeature } from "../types.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { Empty, Screen } from "../ui/Screen.tsx";
import { integrationScreenOf } from "./registry.tsx";
import { useVisitorView } from "./visitor.ts";

const titleOf = (feature: AnyFeature) => (feature.headerTitle as string) || feature.title || "";

/**
 * spec §2 Web link (and the link-like features: book your service, integrated screens). In the builder's
 * preview the page cannot be framed, so 'PREVIEW IS NOT AVAILABLE' and 'Open Link In Browser' with the
 * normalised link ('[$appId]' replaced by the app id, '[$location]' by nothing). Visitors never see the
 * preview text: the link opens in a new tab (sanitised by safe-url.ts), an integration without data shows
 * its empty state, and core/integrations.ts decides which (see README.md, "Visitors").
 */
export function WebLinkScreen({ feature, page = "webLink" }: { feature: AnyFeature; page?: string }) {
  const { t, appId } = useView();
  const visitor = useVisitorView(feature);
  if (visitor) {
    return (
      <Screen title={titleOf(feature)} page={page}>
        {visitor.kind === "link" ? (
          <div className="ba-weblink">
            <ExternalLink href={visitor.url}>{t("webLink.open")}</ExternalLink>
            <p className="ba-note">{t("webLink.newTab")}</p>
          </div>
        ) : (
          <Empty text={t(visitor.kind === "empty" ? "integrations.empty" : "integrations.unavailable")} />
        )}
      </Screen>
    );
  }
  const raw = typeof feature.link === "string" ? feature.link : "";
  const link = raw.trim() ? normalizeWebLink(raw, appId) : "";
  return (
    <Screen title={titleOf(feature)} page={page}>
      <div className="ba-weblink">
        <p className="ba-weblink-note">{t("webLink.notAvailable")}</p>
        <ExternalLink href={link}>{t("webLink.open")}</ExternalLink>
      </div>
    </Screen>
  );
}

/**
 * An integrated screen (ClickToLink, page id = its meta): a dealer-data module's screen when one is
 * registered for the meta, else the link rules of WebLinkScreen.
 */
export function IntegrationScreen({ feature }: { feature: AnyFeature }) {
  const meta = typeof feature.meta === "string" ? feature.meta : "";
  const module = integrationScreenOf(meta);
  if (module) return <module.Screen feature={feature} />;
  return <WebLinkScreen feature={feature} page={meta || "webLink"} />;
}
