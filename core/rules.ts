/**
 * The light entry of core, the one the widget's views import: rules that load no package (no dayjs, no
 * TypeBox, no ajv) and run nothing at load time, so a bundle keeps only what it uses. core/index.ts adds
 * the rest: the date texts (dayjs), new features (the feature registry, which compiles schemas with ajv),
 * promo defaults and recurrence labels (TypeBox schemas), and the push schedule rules (their message is
 * read from the messages object at load time, which a bundler cannot drop). rules.test.ts keeps this
 * file's import graph free of packages.
 */
export * from "./catalog.ts";
export * from "./contact.ts";
export * from "./embed.ts";
export * from "./icons.ts";
export * from "./ids.ts";
export * from "./menu.ts";
export * from "./pagination.ts";
export * from "./sign-in.ts";
export * from "./status.ts";
export * from "./template.ts";
export * from "./theme.ts";
export * from "./tiles.ts";
export * from "./time.ts";
export * from "./timeframe.ts";
export * from "./truncate.ts";
export * from "./url.ts";
export * from "./vehicle-labels.ts";
export * from "./web-link.ts";
export * from "./zoned-time.ts";
