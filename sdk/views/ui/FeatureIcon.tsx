import { memo } from "react";
import { isColorfulIcon } from "../../../core/rules.ts";
import type { BuiltInFeatureType } from "../../../schemas/constants/feature-pages.ts";
import { safeImage } from "../safe-url.ts";

/**
 * The bank icon (server/services/icon-bank.ts, served at /api/icon-files/{file}) an entry of each feature
 * type shows while the business has not picked one, so no entry is a bare letter tile (issue 11).
 */
export const DEFAULT_FEATURE_ICONS: Record<BuiltInFeatureType, string> = {
  ClickToCall: "phone.svg",
  ClickToLink: "link.svg",
  ClickToDirections: "map-pin.svg",
  ClickToExternalApp: "apps.svg",
  ClickToEmail: "mail.svg",
  ClickToReference: "square-arrow-right.svg",
  WebLink: "world.svg",
  ClickToText: "message.svg",
  Email: "mail.svg",
  ContactUs: "address-book.svg",
  Coupons: "discount.svg",
  Events: "speakerphone.svg",
  ReferralProgram: "users.svg",
  Loyalty: "star.svg",
  Loyalty2: "star.svg",
  Form: "forms.svg",
  Menu: "list-details.svg",
  PopUp: "message-circle.svg",
  BrandedOemAppSelect: "device-mobile.svg",
  BrandedRoadsideAssistance: "lifebuoy.svg",
  BrandedBookYourService: "tool.svg",
  DealershipSelector: "building-store.svg",
};
/** For a type without its own default (a partner's type). */
export const FALLBACK_FEATURE_ICON = "click.svg";

/**
 * Where the bank is: the origin the views' script came from (the API's, for the widget's brand-app.js, the
 * builder and the promo page), so a widget on another site still reaches it; root-relative otherwise (a
 * server render, tests).
 */
const bankOrigin = (() => {
  try {
    const url = new URL(import.meta.url);
    return /^https?:$/.test(url.protocol) ? url.origin : "";
  } catch {
    return "";
  }
})();

/** The address of the default icon of a feature type. */
export function defaultIconOf(type: string): string {
  const file = DEFAULT_FEATURE_ICONS[type as BuiltInFeatureType] ?? FALLBACK_FEATURE_ICON;
  return `${bankOrigin}/api/icon-files/${file}`;
}

const isImageAddress = (icon: string) => /^(https?:|\/|\.|data:image\/)/i.test(icon.trim());

/** CSS url() with the value quoted, so a hostile address cannot close the url and add declarations. */
const cssUrl = (src: string) =>
  `url("${src.replace(/["\\\n\r]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}")`;

/**
 * A feature's icon. Icons are drawn in the theme's icon colour, except those whose name holds '[colorful]'
 * (spec §3), which keep their own colours. Without a usable image a feature entry (`type` given) shows its
 * type's default bank icon; anything else (a stamp) the title's first letter. Memoized: its props are strings,
 * and every edit of the app in the builder re-renders each home entry (parsing each address again).
 */
export const FeatureIcon = memo(function FeatureIcon({
  icon,
  title,
  type,
}: {
  icon?: string | null;
  title: string;
  type?: string;
}) {
  const own = icon && isImageAddress(icon) ? safeImage(icon) : undefined;
  const src = own ?? (type ? safeImage(defaultIconOf(type)) : undefined);
  if (own && isColorfulIcon(icon))
    return (
      <span className="ba-feature-icon ba-colorful" aria-hidden="true">
        <img src={src} alt="" width={32} height={32} />
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
});
