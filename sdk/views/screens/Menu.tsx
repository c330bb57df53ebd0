import { menuFeatures } from "../../../core/rules.ts";
import { useView } from "../context.ts";
import { FeatureEntry } from "../home/FeatureEntry.tsx";
import type { AnyFeature } from "../types.ts";
import { Empty, Screen } from "../ui/Screen.tsx";

/** A Menu: its features in its order (rule: core menuFeatures), pop-ups left out as everywhere. */
export function MenuScreen({ feature }: { feature: AnyFeature }) {
  const { t, features } = useView();
  const items = menuFeatures(feature as Parameters<typeof menuFeatures>[0], features).filter(
    (f) => f.type !== "PopUp" && !f.hide,
  );
  return (
    <Screen title={(feature.headerTitle as string) || feature.title || ""} page="home">
      {items.length === 0 ? (
        <Empty text={t("menu.empty")} />
      ) : (
        <ul className="ba-features" aria-label={feature.title}>
          {items.map((f) => (
            <FeatureEntry key={f.id} feature={f} />
          ))}
        </ul>
      )}
    </Screen>
  );
}
