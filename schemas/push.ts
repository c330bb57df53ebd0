import { type Static, Type } from "@sinclair/typebox";
import { audienceProperties } from "./audience.ts";
import { atLeast, dateTime, uuid } from "./common.ts";
import { Recurrence } from "./recurrence.ts";
import { sized } from "./text.ts";
import { url } from "./url.ts";

/** A push notification (spec §3); status and scheduling rules are in core/status.ts and core/push.ts. */
export const PushNotification = Type.Object(
  {
    id: Type.Optional(uuid({ title: "Id" })),
    apps: atLeast(1, Type.String({ minLength: 1 }), { title: "Apps" }),
    message: sized("pushMessage", { required: true, title: "Message" }),
    path: Type.Optional(url({ title: "Link" })),
    scheduleTime: dateTime({ title: "Send at" }),
    recurrence: Type.Optional(Recurrence),
    ...audienceProperties,
    shareCoupon: Type.Optional(uuid({ title: "Coupon" })),
    shareEvent: Type.Optional(uuid({ title: "Event" })),
  },
  { additionalProperties: false, title: "Push notification" },
);
export type PushNotification = Static<typeof PushNotification>;
