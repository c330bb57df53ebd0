import type { WidgetProps } from "@rjsf/utils";
import type { ReactNode } from "react";
import { labelId } from "../templates/FieldTemplate.tsx";

/** The home screen layouts (spec §3) in words: a name and what the phone shows. */
export const LAYOUT_WORDS: Record<string, { name: string; text: string }> = {
  SingleRow: { name: "Single row", text: "The cover with one row of features under it" },
  Tiles: { name: "Tiles", text: "A grid of tiles over the cover" },
  CoverOnly: { name: "Cover only", text: "The cover, the features in a list below" },
  LogoAndCover: { name: "Logo and cover", text: "Your logo over the cover" },
};

const FRAME = "#c9ced6";
const COVER = "#a9c2ee";
const ICON = "#1d5fd1";
const LINE = "#d7dbe1";

const icons = (y: number) =>
  [7, 18, 29, 40].map((x) => <rect key={`${y}-${x}`} x={x} y={y} width={8} height={8} rx={2} fill={ICON} />);

/** A small drawing of the phone's home screen in each layout. */
const THUMBS: Record<string, ReactNode> = {
  SingleRow: (
    <>
      <rect x={4} y={10} width={48} height={34} fill={COVER} />
      {icons(50)}
      <rect x={7} y={64} width={42} height={4} rx={2} fill={LINE} />
      <rect x={7} y={72} width={30} height={4} rx={2} fill={LINE} />
    </>
  ),
  Tiles: (
    <>
      <rect x={4} y={10} width={48} height={78} fill={COVER} />
      <rect x={8} y={16} width={40} height={18} rx={3} fill={ICON} />
      <rect x={8} y={38} width={19} height={18} rx={3} fill={ICON} opacity={0.8} />
      <rect x={29} y={38} width={19} height={18} rx={3} fill={ICON} opacity={0.8} />
      <rect x={8} y={60} width={40} height={18} rx={3} fill={ICON} opacity={0.6} />
    </>
  ),
  CoverOnly: (
    <>
      <rect x={4} y={10} width={48} height={46} fill={COVER} />
      {[62, 71, 80].map((y) => (
        <g key={y}>
          <rect x={7} y={y} width={6} height={6} rx={1.5} fill={ICON} />
          <rect x={16} y={y + 1} width={30} height={4} rx={2} fill={LINE} />
        </g>
      ))}
    </>
  ),
  LogoAndCover: (
    <>
      <rect x={4} y={10} width={48} height={78} fill={COVER} />
      <circle cx={28} cy={36} r={11} fill="#fff" />
      <circle cx={28} cy={36} r={7} fill={ICON} />
      {icons(62)}
      {icons(74)}
    </>
  ),
};

export function LayoutThumb({ layout }: { layout: string }) {
  return (
    <svg width={56} height={96} viewBox="0 0 56 96" aria-hidden="true" focusable="false">
      <rect x={1} y={1} width={54} height={94} rx={8} fill="#fff" stroke={FRAME} strokeWidth={2} />
      <rect x={22} y={4} width={12} height={3} rx={1.5} fill={FRAME} />
      {THUMBS[layout] ?? <rect x={4} y={10} width={48} height={78} fill={COVER} />}
    </svg>
  );
}

/**
 * The home screen layout as pictures (issue 19: not code names): one radio per layout, so the arrow keys
 * move between them and a screen reader hears "Layout, radio group, Single row, 1 of 4".
 */
export function LayoutWidget({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  options,
  disabled,
  readonly,
}: WidgetProps) {
  const choices = (options.enumOptions ?? []) as { value: string; label: string }[];
  return (
    <div id={id} role="radiogroup" aria-labelledby={labelId(id)} className="layout-options">
      {choices.map((choice) => {
        const words = LAYOUT_WORDS[choice.value] ?? { name: choice.label, text: "" };
        const optionId = `${id}-${choice.value}`;
        return (
          <label key={choice.value} className="layout-option" htmlFor={optionId}>
            <input
              type="radio"
              id={optionId}
              name={id}
              value={choice.value}
              checked={value === choice.value}
              disabled={disabled || readonly}
              aria-labelledby={`${optionId}-name`}
              aria-describedby={words.text ? `${optionId}-text` : undefined}
              onChange={() => onChange(choice.value)}
              onBlur={() => onBlur(id, value)}
              onFocus={() => onFocus(id, value)}
            />
            <LayoutThumb layout={choice.value} />
            <span id={`${optionId}-name`} className="layout-option-name">
              {words.name}
            </span>
            {words.text ? (
              <span id={`${optionId}-text`} className="layout-option-text">
                {words.text}
              </span>
            ) : null}
          </label>
        );
      })}
    </div>
  );
}
