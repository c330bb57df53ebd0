import { isColorfulIcon } from "../../../core/rules.ts";
import { safeImage } from "../safe-url.ts";

const isImageAddress = (icon: string) => /^(https?:|\/|\.|data:image\/)/i.test(icon.trim());

/** CSS url() with the value quoted, so a hostile address cannot close the url and add declarations. */
const cssUrl = (src: string) =>
  `url("${src.replace(/["\\\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}")`;

/**
 * A feature's icon. Icons are drawn in the theme's icon colour, except those whose name holds '[colorful]'
 * (spec §3), which keep their own colours; without an image the title's first letter stands in.
 */
export function FeatureIcon({ icon, title }: { icon?: string | null; title: string }) {
  const src = icon && isImageAddress(icon) ? safeImage(icon) : undefined;
  if (src && isColorfulIcon(icon))
    return (
      <span className="ba-feature-icon ba-colorful" aria-hidden="true">
        <img src={src} alt="" />
      </span>
    );
  if (src)
    return (
      <span className="ba-feature-icon" aria-hidden="true">
        <span className="ba-icon-mask" style={{ WebkitMaskImage: cssUrl(src), maskImage: cssUrl(src) }} />
      </span>
    );
  return (
    <span className="ba-feature-icon" aria-hidden="true">
      {Array.from(title.trim())[0]?.toUpperCase() ?? "•"}
    </span>
  );
}
