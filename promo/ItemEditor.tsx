import { useId, useRef, useState } from "react";
import type { PromoItem } from "../schemas/index.ts";
import { IconPicker } from "./IconPicker.tsx";
import { PromoIcon } from "./PromoIcon.tsx";
import type { PromoTexts } from "./texts.ts";

export type ItemErrors = Partial<Record<"title" | "subtitle" | "icon", string>>;

interface Props {
  item: PromoItem;
  iconColor?: string;
  domainType: string;
  errors: ItemErrors;
  busy: boolean;
  texts: PromoTexts;
  onSave: (item: PromoItem) => void;
  onCancel: () => void;
}

/** Edits one promo item in place: title, subtitle and icon (through the icon picker). */
export function ItemEditor({ item, iconColor, domainType, errors, busy, texts, onSave, onCancel }: Props) {
  const id = useId();
  const [title, setTitle] = useState(item.title);
  const [subtitle, setSubtitle] = useState(item.subtitle ?? "");
  const [icon, setIcon] = useState(item.icon);
  const [picking, setPicking] = useState(false);
  const changeIcon = useRef<HTMLButtonElement>(null);
  // Keyboard users continue where they opened the picker from.
  const closePicker = () => {
    setPicking(false);
    changeIcon.current?.focus();
  };

  const field = (name: "title" | "subtitle", label: string, value: string, set: (v: string) => void) => (
    <label className="promo-field">
      <span>{label}</span>
      <input
        name={name}
        value={value}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}` : undefined}
        onChange={(e) => set(e.currentTarget.value)}
      />
      {errors[name] ? (
        <span className="promo-field-error" id={`${id}-${name}`} role="alert">
          {errors[name]}
        </span>
      ) : null}
    </label>
  );

  return (
    <form
      className="promo-item-editor"
      onSubmit={(e) => {
        e.preventDefault();
        const next: PromoItem = { title };
        if (icon) next.icon = icon;
        // An empty subtitle is "not given" (spec §5: optional empty fields are skipped).
        if (subtitle) next.subtitle = subtitle;
        onSave(next);
      }}
      onKeyDown={(e) => !picking && e.key === "Escape" && onCancel()}
    >
      <div className="promo-icon-edit">
        <PromoIcon icon={icon} color={iconColor} />
        <button type="button" ref={changeIcon} onClick={() => setPicking(true)}>
          {texts.changeIcon}
        </button>
        {errors.icon ? (
          <span className="promo-field-error" role="alert">
            {errors.icon}
          </span>
        ) : null}
      </div>
      {field("title", texts.itemTitle, title, setTitle)}
      {field("subtitle", texts.itemSubtitle, subtitle, setSubtitle)}
      <div className="promo-actions">
        <button type="submit" disabled={busy}>
          {busy ? texts.saving : texts.save}
        </button>
        <button type="button" onClick={onCancel}>
          {texts.cancel}
        </button>
      </div>
      {picking ? (
        <IconPicker
          domainType={domainType}
          current={icon}
          texts={texts}
          onChange={(next) => {
            setIcon(next);
            closePicker();
          }}
          onCancel={closePicker}
        />
      ) : null}
    </form>
  );
}
