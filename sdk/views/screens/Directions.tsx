import { useView } from "../context.ts";
import type { AnyFeature } from "../types.ts";
import { Screen } from "../ui/Screen.tsx";

/** The embedded maps view takes the address as its query (spec §7). */
export const mapsEmbedUrl = (address: string) =>
  `https://maps.google.com/maps?q=${encodeURIComponent(address)}&output=embed`;

/** spec §2 Directions: an embedded maps view for the address. */
export function DirectionsScreen({ feature }: { feature: AnyFeature }) {
  const { t } = useView();
  const address = ((feature.address as string) ?? "").trim();
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || address} page="home">
      <p className="ba-address">{address}</p>
      {address ? (
        <iframe
          className="ba-map"
          title={t("directions.map", { address })}
          src={mapsEmbedUrl(address)}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
          sandbox="allow-scripts allow-same-origin allow-popups"
        />
      ) : null}
    </Screen>
  );
}
