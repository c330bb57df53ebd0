/**
 * Contract constants as plain data: no TypeBox, no ajv. The schemas build on them and the widget's views
 * import them from here, so each value exists once and the widget stays small.
 */
export * from "./feature-pages.ts";
export * from "./limits.ts";
export * from "./recurrence.ts";
export * from "./theme.ts";
