import { type Static, Type } from "@sinclair/typebox";
import { dateTime, stringEnum } from "./common.ts";

import {
  RECURRENCE_END_LABELS,
  RECURRENCE_LABELS,
  RECURRENCE_TYPES,
  type RecurrenceType,
} from "./constants/recurrence.ts";

export { RECURRENCE_END_LABELS, RECURRENCE_LABELS, RECURRENCE_TYPES, type RecurrenceType };

export const Recurrence = Type.Object(
  {
    type: stringEnum(RECURRENCE_TYPES, { title: "Repeat", default: "Once" }),
    endsBy: Type.Optional(dateTime({ title: RECURRENCE_END_LABELS.endsBy })),
  },
  { additionalProperties: false, title: "Recurrence" },
);
export type Recurrence = Static<typeof Recurrence>;

export const recurrenceUiSchema = {
  type: { "ui:enumNames": RECURRENCE_TYPES.map((t) => RECURRENCE_LABELS[t]) },
};
