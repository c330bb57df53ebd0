import { type Static, Type } from "@sinclair/typebox";
import { email, text } from "./text.ts";

/** What client managers note about a client app (POST /client-relations/client-info/{id}). */
export const ClientInfo = Type.Object(
  {
    contactName: Type.Optional(text(2, 64)),
    contactEmail: Type.Optional(email()),
    contactPhone: Type.Optional(Type.String({ maxLength: 40 })),
    company: Type.Optional(text(2, 100)),
    accountManager: Type.Optional(text(2, 64)),
    plan: Type.Optional(Type.String({ maxLength: 64 })),
    notes: Type.Optional(
      Type.String({ maxLength: 5000, errorMessage: "value should be maximum 5000 characters" }),
    ),
  },
  { additionalProperties: false },
);
export type ClientInfo = Static<typeof ClientInfo>;

export const ClientReport = Type.Object({
  id: Type.String(),
  title: Type.String(),
  kind: Type.String(),
  created: Type.String(),
});
export type ClientReport = Static<typeof ClientReport>;

/** One client app as client managers see it. */
export const ClientRelation = Type.Object({
  appId: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  status: Type.String(),
  clientInfo: ClientInfo,
  reports: Type.Array(ClientReport),
});
export type ClientRelation = Static<typeof ClientRelation>;

export const ClientRelationsQuery = Type.Object({
  skip: Type.Integer({ minimum: 0, maximum: 1000000, default: 0 }),
  take: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  name: Type.Optional(Type.String({ maxLength: 100 })),
});
export type ClientRelationsQuery = Static<typeof ClientRelationsQuery>;
