import { messages } from "../schemas/messages.ts";
import type { RecurrenceType } from "../schemas/recurrence.ts";
import { type Instant, MINUTE, ms, optionalMs } from "./time.ts";

/** Pushes can be edited or deleted in View Schedule only this far ahead (spec §5, §9). */
export const PUSH_EDIT_MIN_LEAD_MS = 10 * MINUTE;
/** Pushes made from a user search, a coupon or an event go out this far ahead at the earliest (spec §9). */
export const PUSH_SCHEDULE_LEAD_MS = 5 * MINUTE;
/** spec §5, word for word. */
export const PUSH_EDIT_RULE_MESSAGE = messages.pushEditRule;

/** Whether a scheduled push may still be edited or deleted: 10 or more minutes ahead (spec §5). */
export function canEditScheduledPush(scheduleTime: Instant, now: Instant): boolean {
  return ms(scheduleTime) - ms(now) >= PUSH_EDIT_MIN_LEAD_MS;
}

/** When a prefilled push goes out: 5 minutes from now, or the start date when that is later (spec §9). */
export function pushScheduleTime(now: Instant, startDate?: Instant | null): Date {
  const soonest = ms(now) + PUSH_SCHEDULE_LEAD_MS;
  const start = optionalMs(startDate);
  return new Date(start !== undefined && start > soonest ? start : soonest);
}

export type PushSource =
  | { kind: "users"; userIds?: string[] }
  | { kind: "coupon"; coupon: { id: string; title: string; from?: string | null; to?: string | null } }
  | { kind: "event"; event: { id: string; title: string; from?: string | null; to?: string | null } };

export interface PushDraft {
  message: string;
  scheduleTime: string;
  recurrence?: { type: RecurrenceType; endsBy?: string };
  shareCoupon?: string;
  shareEvent?: string;
}

/**
 * The push composer's prefill (spec §2 /push/add, §9): coupon and event pushes recur BiWeekly until the
 * offer ends and share it; a push to searched users goes once.
 */
export function pushDraftFrom(source: PushSource, now: Instant): PushDraft {
  if (source.kind === "users") return { message: "", scheduleTime: pushScheduleTime(now).toISOString() };
  const offer = source.kind === "coupon" ? source.coupon : source.event;
  const endsBy = optionalMs(offer.to);
  return {
    message: offer.title,
    scheduleTime: pushScheduleTime(now, offer.from).toISOString(),
    recurrence: {
      type: "BiWeekly",
      ...(endsBy !== undefined ? { endsBy: new Date(endsBy).toISOString() } : {}),
    },
    ...(source.kind === "coupon" ? { shareCoupon: offer.id } : { shareEvent: offer.id }),
  };
}
