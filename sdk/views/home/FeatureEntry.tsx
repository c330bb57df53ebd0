import { useView } from "../context.ts";
import { preloadScreenOf, screenOf } from "../screens/registry.tsx";
import { useVisitorView } from "../screens/visitor.ts";
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
  // Visitors never get an entry to a screen without content (an unconfigured integration, a link that
  // cannot be followed, manufacturer apps their device cannot open): core/integrations.ts decides.
  const target = features.find((f) => f.id === targetOf(feature));
  const visitor = useVisitorView(target ?? feature);
  const dangling = !target || (!screenOf(target.type) && target.type !== "PopUp");
  if (visitor?.kind === "hidden" || (visitor && dangling)) return null;
  // The screen's code starts loading when the visitor points at or tabs to the entry, not on the click.
  const preload = () => preloadScreenOf((target ?? feature).type);
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
        <FeatureIcon icon={feature.icon as string | undefined} title={title} type={feature.type} />
        <span className="ba-feature-title">{title}</span>
      </button>
    </li>
  );
}
