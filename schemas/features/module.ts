import type { TObject, TSchema } from "@sinclair/typebox";

/** RJSF uiSchema hints: plain data, so schemas/ stays free of React. */
export type UiSchema = Record<string, unknown>;

/**
 * Widgets the builder must provide beyond RJSF's own (icon picker, image upload, a picker of the app's
 * other features). uiSchemas name them; the builder registers them under these names.
 */
export const CUSTOM_WIDGETS = ["icon", "image", "feature"] as const;

/**
 * One feature type, self-contained (spec §3 "Feature types"): what the builder edits, what the server
 * validates, where the editor lives and what analytics calls its page. The widget's screen for the type is
 * looked up by `type` in sdk/views; a partner may instead carry it here in `screen`, which schemas/ never
 * reads (it stays free of React).
 */
export interface FeatureModule<S extends TSchema = TObject> {
  /** The value of `feature.type` (spec §3). */
  type: string;
  /** The builder's name for the type in its "add feature" list. */
  label: string;
  /** JSON Schema of one feature of this type, base fields included. */
  schema: S;
  uiSchema: UiSchema;
  /** Values of a newly added feature besides its id and type (core/features.ts adds those). */
  defaults: () => Record<string, unknown>;
  /** Editor route segment under /apps/{appId}/features/ (spec §2); `{field}` is read from the feature. */
  pageName: string;
  /** Widget page id for analytics (spec §2); `{field}` is read from the feature. */
  analyticsPage: string;
  /** Optional widget screen (any renderer's component); sdk/views falls back to its own map by type. */
  screen?: unknown;
}
