/**
 * The core rules the views use. Imported file by file on purpose: core/index.ts also re-exports
 * core/features.ts, whose feature registry compiles schemas with ajv at load time, and pulling that into the
 * widget costs about 57 KB gzip of the 40 KB budget (issue 6). Nothing is re-implemented here. The date
 * rules live in ./dates.ts: they bring dayjs, which only the screens below home need.
 */
export { CONTACT_ACTION_LABELS, methodText, visibleMethods } from "../../core/contact.ts";
export { isColorfulIcon } from "../../core/icons.ts";
export { activePopUps, listedFeatures, menuFeatures, splitOverflow } from "../../core/menu.ts";
export { TILE_MARGIN, tileSize } from "../../core/tiles.ts";
export { isCouponVisible, isEventVisible, isWithinTimeframe } from "../../core/timeframe.ts";
export { LOYALTY_DESCRIPTION_MAX, OFFER_DESCRIPTION_MAX, truncate } from "../../core/truncate.ts";
export { coverLink } from "../../core/url.ts";
export { normalizeWebLink } from "../../core/web-link.ts";
