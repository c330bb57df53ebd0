import { type Static, Type } from "@sinclair/typebox";

/** A per-app setting key (spec §3 setting: key and JSON value). */
export const SettingKey = Type.String({
  pattern: "^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$",
  errorMessage: "the key may hold up to 100 letters, digits, '_', '.', ':' and '-'",
});

/** PUT /apps/{id}/settings/{key}: any JSON value. */
export const SettingBody = Type.Object(
  { value: Type.Unknown() },
  {
    additionalProperties: false,
    required: ["value"],
    errorMessage: { required: { value: "value can't be empty" } },
  },
);
export type SettingBody = Static<typeof SettingBody>;

/** A setting as read back; value is null when the key was never set. */
export const Setting = Type.Object({ key: Type.String(), value: Type.Unknown() });
export type Setting = Static<typeof Setting>;
