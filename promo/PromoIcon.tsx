import { iconSource } from "./icons.ts";

/**
 * An item's icon at a fixed 48 px box (no layout shift). Tinted icons are drawn as a CSS mask filled with
 * the promo's iconColor, because an SVG in an <img> cannot take the page's colour; full-colour ones are
 * plain images. Icons are decoration beside the item's title, so they are hidden from assistive technology.
 */
export function PromoIcon({ icon, color }: { icon?: string; color?: string }) {
  const source = iconSource(icon);
  if (!source) return <span className="promo-icon" aria-hidden="true" />;
  if (source.colorful)
    return (
      <img className="promo-icon" src={source.src} alt="" width={48} height={48} data-icon={source.src} />
    );
  const mask = `url("${source.src}")`;
  return (
    <span
      className="promo-icon promo-icon-tinted"
      aria-hidden="true"
      data-icon={source.src}
      style={{ backgroundColor: color, maskImage: mask, WebkitMaskImage: mask }}
    />
  );
}
