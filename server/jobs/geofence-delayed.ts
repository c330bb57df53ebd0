import {
  type DelayedGeofenceMessage,
  deliverDelayedMessage,
  GEOFENCE_DELAYED_JOB,
} from "../ops/geofence-completions.ts";
import type { JobDefinition } from "./types.ts";

/**
 * A geofence's delayed message (spec §3), enqueued by the first entry with a singleton key per completion
 * and `startAfter` = entry + delay. Idempotent: a retry writes nothing twice (deliverDelayedMessage).
 */
export const geofenceDelayedJob: JobDefinition<DelayedGeofenceMessage> = {
  name: GEOFENCE_DELAYED_JOB,
  retryLimit: 5,
  retryBackoff: true,
  async handler(data, ctx) {
    await deliverDelayedMessage(ctx.db, data);
  },
};
