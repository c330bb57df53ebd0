import { analyticsMaintenanceJob, analyticsRollupJob } from "./analytics.ts";
import { dealerImportJob } from "./dealer-import.ts";
import { geofenceDelayedJob } from "./geofence-delayed.ts";
import { insightsJob } from "./insights.ts";
import { pushScheduleJob } from "./push-scheduler.ts";
import { pushOccurrenceJob, pushSendJob } from "./push-sender.ts";
import { staffImportJob } from "./staff-import.ts";
import { staffTallyJob } from "./staff-tally.ts";
import type { JobDefinition } from "./types.ts";

export type { JobContext, JobDefinition, JobQueue } from "./types.ts";

/**
 * Every background job of the product. Add yours with one import and one array entry; the queue
 * (pg-boss under npm start and npm run worker, inline in server tests) registers each of them.
 */
export const jobs: JobDefinition[] = [
  // one entry per job module, e.g. pushSchedulerJob,
  analyticsMaintenanceJob,
  analyticsRollupJob,
  dealerImportJob,
  geofenceDelayedJob,
  insightsJob,
  pushScheduleJob,
  pushOccurrenceJob,
  pushSendJob,
  staffImportJob,
  staffTallyJob,
];
