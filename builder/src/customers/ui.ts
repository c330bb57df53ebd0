/**
 * Colours and styles of the customers, leads and team pages that keep WCAG AA contrast on white (axe-core
 * runs on these pages in tests/e2e/console-customers.test.ts): antd's light preset tags (green, gold,
 * orange) and the Descriptions' tertiary-grey labels fall below it.
 */

/** Solid tag colours (white text on them passes AA). */
export const TAG_COLOR = {
  push: "#237804",
  invited: "#874d00",
  external: "#ad4e00",
} as const;

/** Descriptions labels in the console's secondary grey instead of antd's tertiary one. */
export const readableLabels = { label: { color: "rgba(0, 0, 0, 0.66)" } } as const;
