import { useId, useState } from "react";
import { listedFeatures, splitOverflow } from "../../../core/rules.ts";
import { THEME_DEFAULTS } from "../../../schemas/constants/index.ts";
import { useView } from "../context.ts";
import { safeImage } from "../safe-url.ts";
import type { AnyFeature } from "../types.ts";
import { Bell } from "./Bell.tsx";
import { Cover } from "./Cover.tsx";
import { FeatureEntry } from "./FeatureEntry.tsx";
import { Tiles } from "./Tiles.tsx";

/** The app's header: logo, name and the bell. The class names are part of the public contract (tests). */
export function AppHeader() {
  const { definition } = useView();
  const logo = safeImage(definition.logo);
  return (
    <header className="ba-header">
      {logo ? <img className="ba-logo" src={logo} alt="" width={40} height={40} /> : null}
      <h1 className="ba-name">{definition.name}</h1>
      <Bell />
    </header>
  );
}

/** A row of features with 'More' toggling the overflow panel (spec §4: SingleRow and Tiles layouts). */
function FeatureRow({
  features,
  count,
  textSize,
}: {
  features: AnyFeature[];
  count: number;
  textSize: number;
}) {
  const { t } = useView();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { row, overflow } = splitOverflow(features, count);
  const columns = Math.min(features.length, count) + (overflow.length ? 1 : 0);
  return (
    <nav aria-label={t("common.features")} style={{ fontSize: `${textSize}px` }}>
      <ul
        className="ba-row-features"
        style={{ gridTemplateColumns: `repeat(${Math.max(columns, 1)}, minmax(0, 1fr))` }}
      >
        {row.map((f) => (
          <FeatureEntry key={f.id} feature={f} />
        ))}
        {overflow.length ? (
          <li className="ba-feature">
            <button
              type="button"
              className="ba-feature-button ba-more"
              aria-expanded={open}
              aria-controls={panelId}
              onClick={() => setOpen(!open)}
            >
              <span className="ba-feature-icon" aria-hidden="true">
                ⋯
              </span>
              <span className="ba-feature-title">{t("common.more")}</span>
            </button>
          </li>
        ) : null}
      </ul>
      {overflow.length ? (
        <ul
          className="ba-features ba-overflow"
          id={panelId}
          hidden={!open}
          aria-label={t("home.moreFeatures")}
        >
          {overflow.map((f) => (
            <FeatureEntry key={f.id} feature={f} />
          ))}
        </ul>
      ) : null}
    </nav>
  );
}

/** Home per layout (spec §2): CoverOnly, LogoAndCover (logo over the cover), SingleRow, Tiles (tiles over the cover). */
export function Home({ autoSlide }: { autoSlide?: boolean }) {
  const { definition, features, now, t } = useView();
  const theme = definition.theme;
  const layout = theme?.layout ?? THEME_DEFAULTS.layout;
  const listed = listedFeatures(features as Parameters<typeof listedFeatures>[0], now) as AnyFeature[];
  const logo = safeImage(definition.logo);
  const row = layout === "SingleRow" || layout === "Tiles";
  return (
    <div className="ba-home" data-page="home" data-layout={layout}>
      <AppHeader />
      <Cover allowSlider={layout !== "Tiles"} autoSlide={autoSlide}>
        {layout === "LogoAndCover" && logo ? (
          <img className="ba-cover-logo" src={logo} alt="" width={96} height={96} />
        ) : null}
        {layout === "Tiles" ? <Tiles config={definition.tilesConfig} /> : null}
      </Cover>
      {row ? (
        <FeatureRow
          features={listed}
          count={theme?.rowFeatureCount ?? THEME_DEFAULTS.rowFeatureCount}
          textSize={theme?.rowFeatureTextSize ?? THEME_DEFAULTS.rowFeatureTextSize}
        />
      ) : listed.length ? (
        <nav aria-label={t("common.features")}>
          <ul className="ba-features">
            {listed.map((f) => (
              <FeatureEntry key={f.id} feature={f} />
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
