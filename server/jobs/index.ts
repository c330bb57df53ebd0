import type { JobDefinition } from "./types.ts";

export type { JobContext, JobDefinition, JobQueue } from "./types.ts";

/**
 * Every background job of the product. Add yours with one import and one array entry; the queue
 * (pg-boss under npm start and npm run worker, inline in server tests) registers each of them.
 */
export const jobs: JobDefinition[] = [
  // one entry per job module, e.g. pushSchedulerJob,
];
