/** Pure domain rules shared by every surface (no React, no Node APIs). */
export * from "./dates.ts";
export * from "./feature-icons.ts";
export * from "./features.ts";
export * from "./promo.ts";
export * from "./push.ts";
export * from "./recurrence.ts";
export * from "./rules.ts";
