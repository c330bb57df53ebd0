import type { AppDefinition } from "../../schemas/index.ts";

export interface AppScreenProps {
  /** The app definition: the saved one in the widget, the unsaved draft in the builder preview. */
  definition: AppDefinition;
  appId?: string;
}

interface FeatureEntry {
  id: string;
  type: string;
  title?: string;
  hide?: boolean;
}

/** The home screen: header with logo and name, cover, feature entries. */
export function AppScreen({ definition }: AppScreenProps) {
  const features = ((definition as { features?: FeatureEntry[] }).features ?? []).filter((f) => !f.hide);
  return (
    <div className="ba-root" data-page="home">
      <header className="ba-header">
        {definition.logo ? <img className="ba-logo" src={definition.logo} alt="" /> : null}
        <h1 className="ba-name">{definition.name}</h1>
      </header>
      {definition.cover ? (
        <img className="ba-cover" src={definition.cover} alt={`${definition.name} cover`} />
      ) : null}
      {features.length ? (
        <ul className="ba-features" aria-label="Features">
          {features.map((f) => (
            <li key={f.id} className="ba-feature">
              <span className="ba-feature-icon" aria-hidden="true">
                {(f.title ?? f.type).slice(0, 1)}
              </span>
              <span>{f.title ?? f.type}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
