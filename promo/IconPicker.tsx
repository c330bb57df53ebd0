import { useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { type IconCategoryView, iconCategories, iconsOf } from "./api.ts";
import type { PromoTexts } from "./texts.ts";

interface Props {
  domainType: string;
  current?: string;
  texts: PromoTexts;
  onChange: (icon: string) => void;
  onCancel: () => void;
}

const iconName = (url: string) =>
  decodeURIComponent(url.split("/").pop() ?? url)
    .replace("[colorful]", "")
    .replace(/\.svg$/, "")
    .replace(/-/g, " ");

/**
 * The icon picker: the icon bank by category (GET /api/icon-categories, /api/icons/{category}), with the
 * builder's texts (spec §2 'Change button icon', Change, Cancel, 'No Icons available'). Change stays
 * disabled while the bank loads (spec §4).
 */
export function IconPicker({ domainType, current, texts, onChange, onCancel }: Props) {
  const titleId = useId();
  const [categories, setCategories] = useState<IconCategoryView[] | null>(null);
  const [category, setCategory] = useState("");
  const [icons, setIcons] = useState<string[] | null>(null);
  const [chosen, setChosen] = useState<string | undefined>(current);
  const [error, setError] = useState<string>();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.focus();
    iconCategories(domainType)
      .then((list) => {
        setCategories(list);
        setCategory(list[0]?.category ?? "");
        if (!list.length) setIcons([]);
      })
      .catch((e: Error) => {
        setCategories([]);
        setIcons([]);
        setError(e.message);
      });
  }, [domainType]);

  useEffect(() => {
    if (!category) return;
    setIcons(null);
    iconsOf(category, domainType)
      .then((r) => setIcons(r.icons))
      .catch((e: Error) => {
        setIcons([]);
        setError(e.message);
      });
  }, [category, domainType]);

  const loading = categories === null || icons === null;
  // Rendered at the end of <body>, above the whole page: inside the item's list it shared the page's
  // stacking with the phone frame, which showed through the backdrop.
  return createPortal(
    <div className="promo-modal-backdrop" data-testid="promo-modal-backdrop">
      <div
        className="promo-modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={dialog}
        onKeyDown={(e) => e.key === "Escape" && onCancel()}
      >
        <h2 id={titleId}>{texts.iconModalTitle}</h2>
        {categories?.length ? (
          <label className="promo-field">
            <span>{texts.category}</span>
            <select value={category} onChange={(e) => setCategory(e.currentTarget.value)}>
              {categories.map((c) => (
                <option key={c.category} value={c.category}>
                  {c.category}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        {error ? <p role="alert">{error}</p> : null}
        {loading ? <p role="status">{texts.loadingIcons}</p> : null}
        {icons && !icons.length ? <p>{texts.noIcons}</p> : null}
        {icons?.length ? (
          <div className="promo-icon-grid">
            {icons.map((icon) => (
              <button
                key={icon}
                type="button"
                className="promo-icon-choice"
                aria-pressed={chosen === icon}
                title={iconName(icon)}
                onClick={() => setChosen(icon)}
              >
                <img src={icon} alt={iconName(icon)} width={28} height={28} loading="lazy" />
              </button>
            ))}
          </div>
        ) : null}
        <div className="promo-actions">
          <button type="button" disabled={loading || !chosen} onClick={() => chosen && onChange(chosen)}>
            {texts.change}
          </button>
          <button type="button" onClick={onCancel}>
            {texts.cancel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
