import { type Static, Type } from "@sinclair/typebox";
import { EndUserProfileUpdate } from "./end-user.ts";
import { email } from "./text.ts";
import { Vehicle } from "./vehicle.ts";

/**
 * The console's customers (app users), leads, form data and e-mail subscriptions (issue 14): the wire shapes
 * of POST users/search, GET/PUT users/{id}, leads, form-data and email-subscriptions.
 */

const year = Type.Integer({ minimum: 1900, maximum: 2100 });
const text100 = Type.String({ maxLength: 100 });

/** Sort keys of the customers table; a leading '-' sorts descending. */
export const customerSortFields = [
  "name",
  "email",
  "phone",
  "signedInAt",
  "createdAt",
  "make",
  "model",
  "year",
] as const;

/**
 * POST users/search. `query`/`limit` is the pickers' lookup (answers a plain list of hits, spec §7 shape of
 * the first wave); anything else answers a page {items, total}.
 */
export const CustomerSearch = Type.Object(
  {
    term: Type.Optional(text100),
    make: Type.Optional(text100),
    model: Type.Optional(text100),
    yearFrom: Type.Optional(year),
    yearTo: Type.Optional(year),
    vin: Type.Optional(Type.String({ maxLength: 17 })),
    hasPush: Type.Optional(Type.Boolean()),
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    take: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    sort: Type.Optional(
      Type.String({
        pattern: `^-?(${customerSortFields.join("|")})$`,
        errorMessage: {
          pattern: `sort should be one of ${customerSortFields.join(", ")}, with an optional leading -`,
        },
      }),
    ),
  },
  { additionalProperties: false },
);
export type CustomerSearch = Static<typeof CustomerSearch>;

export const CustomerVehicleSummary = Type.Object({
  make: Type.Optional(Type.String()),
  model: Type.Optional(Type.String()),
  year: Type.Optional(Type.Integer()),
  vin: Type.Optional(Type.String()),
});

/** A row of the customers table: the first vehicle (in the customer's order) and how many they have. */
export const CustomerRow = Type.Object({
  id: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  vehicle: Type.Optional(CustomerVehicleSummary),
  vehicleCount: Type.Integer(),
  signedInAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  hasPush: Type.Boolean(),
});
export type CustomerRow = Static<typeof CustomerRow>;

export const CustomerPage = Type.Object({ items: Type.Array(CustomerRow), total: Type.Integer() });
export type CustomerPage = Static<typeof CustomerPage>;

/** PUT users/{id}: the profile fields (as the widget's own profile edit). */
export const CustomerUpdate = EndUserProfileUpdate;
export type CustomerUpdate = Static<typeof CustomerUpdate>;

/** PUT users/{id}/vehicles: the whole list, in order. */
export const CustomerVehicles = Type.Array(Vehicle, { maxItems: 50 });

const nullableString = Type.Union([Type.String(), Type.Null()]);

/** GET users/{id}: everything about one customer, the latest 20 of each list. */
export const CustomerDetail = Type.Object({
  id: Type.String(),
  name: nullableString,
  company: nullableString,
  phone: nullableString,
  email: nullableString,
  dateOfBirth: nullableString,
  address: nullableString,
  emailVerified: Type.Boolean(),
  phoneVerified: Type.Boolean(),
  vehicles: Type.Array(Vehicle),
  staffMemberId: nullableString,
  hasPush: Type.Boolean(),
  createdAt: Type.String(),
  signedInAt: nullableString,
  redemptions: Type.Array(
    Type.Object({
      id: Type.String(),
      offerId: Type.String(),
      title: Type.String(),
      channel: Type.String(),
      locationId: nullableString,
      createdAt: Type.String(),
    }),
  ),
  loyalty: Type.Object({
    cards: Type.Array(
      Type.Object({
        id: Type.String(),
        featureId: Type.String(),
        programTitle: Type.String(),
        stamps: Type.Integer(),
        required: Type.Integer(),
        completedAt: nullableString,
      }),
    ),
    points: Type.Object({ balance: Type.Integer() }),
  }),
  leads: Type.Array(
    Type.Object({
      id: Type.String(),
      source: Type.String(),
      comments: nullableString,
      createdAt: Type.String(),
      offer: Type.Optional(Type.Object({ id: Type.String(), title: Type.String() })),
      form: Type.Optional(Type.Object({ id: Type.String(), title: Type.String() })),
    }),
  ),
  notifications: Type.Array(
    Type.Object({
      id: Type.String(),
      message: Type.String(),
      path: nullableString,
      createdAt: Type.String(),
      read: Type.Boolean(),
      opened: Type.Boolean(),
    }),
  ),
});
export type CustomerDetail = Static<typeof CustomerDetail>;

const FormValues = Type.Record(Type.String(), Type.Union([Type.String(), Type.Boolean()]));

/** GET leads?skip&take&q&from&to. */
export const LeadListQuery = Type.Object(
  {
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    take: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
    q: Type.Optional(text100),
    from: Type.Optional(Type.String({ format: "date-time" })),
    to: Type.Optional(Type.String({ format: "date-time" })),
  },
  { additionalProperties: false },
);
export type LeadListQuery = Static<typeof LeadListQuery>;

export const LeadRow = Type.Object({
  id: Type.String(),
  source: Type.String(),
  name: nullableString,
  email: nullableString,
  phone: nullableString,
  comments: nullableString,
  createdAt: Type.String(),
  userId: nullableString,
  offer: Type.Optional(Type.Object({ id: Type.String(), title: Type.String() })),
  form: Type.Optional(Type.Object({ id: Type.String(), title: Type.String() })),
  values: Type.Optional(FormValues),
  context: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});
export type LeadRow = Static<typeof LeadRow>;

export const LeadPage = Type.Object({ items: Type.Array(LeadRow), total: Type.Integer() });
export type LeadPage = Static<typeof LeadPage>;

/** GET form-data?featureId&skip&take. */
export const FormDataQuery = Type.Object(
  {
    featureId: Type.Optional(text100),
    skip: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 })),
    take: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  },
  { additionalProperties: false },
);
export type FormDataQuery = Static<typeof FormDataQuery>;

export const FormDataRow = Type.Object({
  id: Type.String(),
  featureId: Type.String(),
  title: nullableString,
  userId: nullableString,
  values: FormValues,
  createdAt: Type.String(),
});
export type FormDataRow = Static<typeof FormDataRow>;

export const FormDataPage = Type.Object({
  items: Type.Array(FormDataRow),
  total: Type.Integer(),
  forms: Type.Array(Type.Object({ featureId: Type.String(), title: nullableString, count: Type.Integer() })),
});
export type FormDataPage = Static<typeof FormDataPage>;

/** An address subscribed to the app's weekly insights report. */
export const EmailSubscription = Type.Object({
  id: Type.String(),
  email: Type.String(),
  insightsReport: Type.Boolean(),
  lastSentAt: nullableString,
});
export type EmailSubscription = Static<typeof EmailSubscription>;

const address = email({ required: true, title: "Email" });

/** PUT email-subscriptions (upsert by address). */
export const EmailSubscriptionInput = Type.Object(
  { email: address, insightsReport: Type.Boolean() },
  { additionalProperties: false },
);
export type EmailSubscriptionInput = Static<typeof EmailSubscriptionInput>;

/** POST analytics/insights: send the report to this address now. */
export const InsightsRequest = Type.Object({ email: address }, { additionalProperties: false });
export type InsightsRequest = Static<typeof InsightsRequest>;

/** The figures of an insights report (the last 7 days). */
export const InsightsFigures = Type.Object({
  from: Type.String(),
  to: Type.String(),
  installs: Type.Integer(),
  signIns: Type.Integer(),
  redemptions: Type.Integer(),
  leads: Type.Integer(),
  pushesSent: Type.Integer(),
});
export type InsightsFigures = Static<typeof InsightsFigures>;
