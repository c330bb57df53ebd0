import { normalizeWebLink } from "../../../core/rules.ts";
import { useView } from "../context.ts";
import type { AnyFeature } from "../types.ts";
import { ExternalLink } from "../ui/ExternalLink.tsx";
import { Screen } from "../ui/Screen.tsx";

/**
 * spec §2 Web link (and the link-like features: book your service, integrated screens): the page cannot be
 * framed, so 'PREVIEW IS NOT AVAILABLE' and 'Open Link In Browser' with the normalised link ('[$appId]'
 * replaced by the app id, '[$location]' by nothing).
 */
export function WebLinkScreen({ feature, page = "webLink" }: { feature: AnyFeature; page?: string }) {
  const { t, appId } = useView();
  const raw = typeof feature.link === "string" ? feature.link : "";
  const link = raw.trim() ? normalizeWebLink(raw, appId) : "";
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || ""} page={page}>
      <div className="ba-weblink">
        <p className="ba-weblink-note">{t("webLink.notAvailable")}</p>
        <ExternalLink href={link}>{t("webLink.open")}</ExternalLink>
      </div>
    </Screen>
  );
}
