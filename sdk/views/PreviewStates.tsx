import { isVisitorMode, useView } from "./context.ts";

export type MissingItem = "name" | "logo" | "cover";

/** What the preview lacks to draw the app (spec §2): name, logo or cover, unless the app is a template. */
export function missingItems(
  definition: { name?: string; logo?: string; cover?: string },
  isTemplate = false,
): MissingItem[] {
  if (isTemplate) return [];
  return (["name", "logo", "cover"] as const).filter((k) => !definition[k]?.trim());
}

/** 'No Preview Available', 'Please enter data in constructor', and "{item} is required" with an Add link each. */
export function MissingData({ items }: { items: MissingItem[] }) {
  const { t, onAddMissing } = useView();
  return (
    <div className="ba-state" data-page="preview-missing">
      <h2 className="ba-state-title">{t("preview.noPreview")}</h2>
      <p>{t("preview.enterData")}</p>
      <ul className="ba-state-list">
        {items.map((item) => {
          const label = t(`preview.${item}`);
          return (
            <li key={item}>
              <span>{t("preview.itemRequired", { item: label })}</span>{" "}
              <button
                type="button"
                className="ba-link"
                aria-label={t("preview.add_item", { item: label })}
                onClick={() => onAddMissing?.(item)}
              >
                {t("preview.add")}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * An unknown feature type: 'No Preview Available' with a Go Back button (spec §2). Visitors (a reference to a
 * deleted feature, a type this build does not know) get 'Not available yet' instead: preview texts are the
 * builder's.
 */
export function UnknownFeature() {
  const { t, back, mode } = useView();
  return (
    <div className="ba-state" data-page="preview-unknown">
      <h2 className="ba-state-title">
        {t(isVisitorMode(mode) ? "integrations.unavailable" : "preview.noPreview")}
      </h2>
      <button type="button" className="ba-button" onClick={back}>
        {t("common.goBack")}
      </button>
    </div>
  );
}

/** Header preview mode: a bar titled 'Header Preview' over the text 'Preview Content' (spec §2). */
export function HeaderPreview() {
  const { t } = useView();
  return (
    <div className="ba-header-preview" data-page="header-preview">
      <div className="ba-bar">
        <h2 className="ba-bar-title">{t("preview.headerPreview")}</h2>
      </div>
      <p className="ba-state">{t("preview.previewContent")}</p>
    </div>
  );
}
