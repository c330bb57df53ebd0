import { type Static, Type } from "@sinclair/typebox";
import { dateTime, image, uuid } from "./common.ts";
import { phone } from "./phone.ts";
import { email, sized } from "./text.ts";

/**
 * A staff member of the app's staff directory (spec §7 staff-members). The spec names no fields; these are
 * what a directory entry and the tally by staff member need.
 */
const staffFields = {
  name: sized("longName", { required: true, title: "Name" }),
  title: Type.Optional(sized("longName", { title: "Position" })),
  department: Type.Optional(sized("longName", { title: "Department" })),
  email: Type.Optional(email({ title: "Email" })),
  phone: Type.Optional(phone({ title: "Phone" })),
  image: Type.Optional(image("Photo")),
  locations: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50, title: "Locations" })),
  /** The member preselected for new customers (toggle-default). */
  isDefault: Type.Optional(Type.Boolean({ title: "Default" })),
};

export const StaffMember = Type.Object(
  { id: Type.Optional(uuid()), ...staffFields },
  { additionalProperties: false, title: "Staff member" },
);
export type StaffMember = Static<typeof StaffMember>;

/** POST and PUT /apps/{appId}/staff-members[/{id}]: the fields without an id. */
export const StaffMemberInput = Type.Object(staffFields, {
  additionalProperties: false,
  title: "StaffMemberInput",
});
export type StaffMemberInput = Static<typeof StaffMemberInput>;

/** A staff member as the console and the widget's directory see it. */
export const StaffMemberRecord = Type.Object({
  id: uuid(),
  name: Type.String(),
  title: Type.Optional(Type.String()),
  department: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  phone: Type.Optional(Type.String()),
  image: Type.Optional(Type.String()),
  locations: Type.Array(Type.String()),
  isDefault: Type.Boolean(),
  createdAt: Type.Optional(dateTime()),
});
export type StaffMemberRecord = Static<typeof StaffMemberRecord>;

/** GET /apps/{appId}/staff-members?q&skip&take. */
export const StaffMemberQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
  take: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export type StaffMemberQuery = Static<typeof StaffMemberQuery>;

export const StaffMemberPage = Type.Object({
  items: Type.Array(StaffMemberRecord),
  total: Type.Integer(),
});
export type StaffMemberPage = Static<typeof StaffMemberPage>;

/** The most rows one bulk add or CSV import may carry. */
export const STAFF_IMPORT_MAX_ROWS = 5000;

/** POST /apps/{appId}/staff-members/bulk: all or nothing. Rows are validated one by one (row errors). */
export const StaffMemberBulk = Type.Array(Type.Object({}, { additionalProperties: true }), {
  minItems: 1,
  maxItems: STAFF_IMPORT_MAX_ROWS,
});

/** One bad row of a bulk add or an import: its row (1-based; in a CSV the header is row 1), field, message. */
export const RowError = Type.Object({
  row: Type.Integer(),
  field: Type.Optional(Type.String()),
  message: Type.String(),
});
export type RowError = Static<typeof RowError>;

/** GET /apps/{appId}/staff-members/tally?from&to: per member, what they handled in the period. */
export const StaffTallyQuery = Type.Object({
  from: Type.Optional(dateTime({ title: "From" })),
  to: Type.Optional(dateTime({ title: "To" })),
});
export type StaffTallyQuery = Static<typeof StaffTallyQuery>;

export const StaffTallyRow = Type.Object({
  staffMemberId: uuid(),
  name: Type.String(),
  /** Customers who chose this member as their advisor in the period. */
  customers: Type.Integer(),
  leads: Type.Integer(),
  redemptions: Type.Integer(),
});
export type StaffTallyRow = Static<typeof StaffTallyRow>;

export const StaffTally = Type.Object({
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  items: Type.Array(StaffTallyRow),
});
export type StaffTally = Static<typeof StaffTally>;

export const tallyFrequencies = ["weekly", "monthly"] as const;

/** GET|PUT /apps/{appId}/staff-members/tally-notification. */
export const StaffTallyNotification = Type.Object(
  {
    recipients: Type.Array(email({ title: "Recipient" }), { maxItems: 20, title: "Recipients" }),
    frequency: Type.Union(
      tallyFrequencies.map((f) => Type.Literal(f)),
      { title: "Frequency" },
    ),
    enabled: Type.Boolean({ title: "Enabled" }),
  },
  { additionalProperties: false, title: "StaffTallyNotification" },
);
export type StaffTallyNotification = Static<typeof StaffTallyNotification>;

export const StaffTallyNotificationRecord = Type.Object({
  ...StaffTallyNotification.properties,
  lastSentAt: Type.Optional(Type.String()),
});
export type StaffTallyNotificationRecord = Static<typeof StaffTallyNotificationRecord>;

/** GET /public/apps/{appId}/tasks/{taskId}: a long job's progress and row errors. */
export const TaskRecord = Type.Object({
  id: uuid(),
  type: Type.String(),
  status: Type.Union([
    Type.Literal("queued"),
    Type.Literal("running"),
    Type.Literal("done"),
    Type.Literal("failed"),
  ]),
  fileName: Type.Optional(Type.String()),
  total: Type.Integer(),
  processed: Type.Integer(),
  applied: Type.Integer(),
  errors: Type.Array(RowError),
  message: Type.Optional(Type.String()),
  createdAt: Type.String(),
  finishedAt: Type.Optional(Type.String()),
});
export type TaskRecord = Static<typeof TaskRecord>;

/** PUT /mobile/users/{userId}/advisor. */
export const AdvisorInput = Type.Object(
  { staffMemberId: Type.Union([uuid(), Type.Null()]) },
  { additionalProperties: false },
);
export type AdvisorInput = Static<typeof AdvisorInput>;
