import { useView } from "../context.ts";
import { preloadScreenOf } from "../screens/registry.tsx";
import type { AnyFeature } from "../types.ts";
import { FeatureIcon } from "../ui/FeatureIcon.tsx";

/** Where a feature entry leads: a reference opens the feature it points to (ClickToReference). */
export function targetOf(feature: AnyFeature): string {
  return feature.type === "ClickToReference" && typeof feature.featureId === "string"
    ? feature.featureId
    : feature.id;
}

/** One feature entry (icon and title) as a button; used by the home grid, the row, 'More' and menus. */
export function FeatureEntry({ feature }: { feature: AnyFeature }) {
  const { navigate, features } = useView();
  // The screen's code starts loading when the visitor points at or tabs to the entry, not on the click.
  const preload = () => {
    const target = features.find((f) => f.id === targetOf(feature));
    preloadScreenOf((target ?? feature).type);
  };
  const title = feature.title ?? feature.type;
  return (
    <li className="ba-feature">
      <button
        type="button"
        className="ba-feature-button"
        onClick={() => navigate({ page: "feature", featureId: targetOf(feature) })}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <FeatureIcon icon={feature.icon as string | undefined} title={title} />
        <span className="ba-feature-title">{title}</span>
      </button>
    </li>
  );
}
