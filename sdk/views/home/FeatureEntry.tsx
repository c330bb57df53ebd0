import { useView } from "../context.ts";
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
  const { navigate } = useView();
  const title = feature.title ?? feature.type;
  return (
    <li className="ba-feature">
      <button
        type="button"
        className="ba-feature-button"
        onClick={() => navigate({ page: "feature", featureId: targetOf(feature) })}
      >
        <FeatureIcon icon={feature.icon as string | undefined} title={title} />
        <span className="ba-feature-title">{title}</span>
      </button>
    </li>
  );
}
