import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import {
  Envelope,
  StaffMemberBulk,
  StaffMemberInput,
  StaffMemberPage,
  type StaffMemberQuery,
  StaffMemberQuery as StaffMemberQuerySchema,
  StaffMemberRecord,
  StaffTally,
  StaffTallyNotification,
  StaffTallyNotificationRecord,
  type StaffTallyQuery,
  StaffTallyQuery as StaffTallyQuerySchema,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { jobs } from "../jobs/index.ts";
import { runStaffImport, STAFF_IMPORT_JOB, STAFF_IMPORT_TASK } from "../jobs/staff-import.ts";
import type { JobQueue } from "../jobs/types.ts";
import { appForCaller } from "../ops/apps.ts";
import {
  bulkAddStaff,
  createStaff,
  deleteStaff,
  exportStaffCsv,
  getStaff,
  getStaffTally,
  getTallyNotification,
  listStaff,
  parseStaffCsv,
  putTallyNotification,
  toggleDefault,
  updateStaff,
} from "../ops/staff-members.ts";
import { createTask } from "../ops/tasks.ts";
import { csvText } from "./csv-body.ts";

const tags = ["Staff members"];
const security = [{ bearer: [] }];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const MemberParams = Type.Object({
  appId: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});
type AppReq = { Params: { appId: string } };
type MemberReq = { Params: { appId: string; id: string } };

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Runs an import task through the job queue (pg-boss, or inline in server tests); with jobs switched off
 * (buildApp's default outside npm start) in this process before answering, so a task never waits forever.
 */
async function startImport(app: FastifyInstance, db: Db, taskId: string) {
  const queue = (app as unknown as { queue?: JobQueue & { mode?: string } }).queue;
  if (queue && queue.mode !== "off" && jobs.some((j) => j.name === STAFF_IMPORT_JOB))
    await queue.send(STAFF_IMPORT_JOB, { taskId }, { singletonKey: taskId });
  else await runStaffImport(db, taskId);
}

/**
 * The app's staff directory (spec §7 staff-members): CRUD, bulk add and CSV import (all or nothing, with
 * row errors), CSV export, the default member, the tally by member and its e-mail schedule.
 */
export const staffMemberRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);
  const base = "/apps/:appId/staff-members";

  app.get<AppReq & { Querystring: StaffMemberQuery }>(
    base,
    {
      schema: {
        tags,
        security,
        description: "The app's staff members, searched by name, title, department, e-mail or phone, paged.",
        params: AppParams,
        querystring: StaffMemberQuerySchema,
        response: { 200: Envelope(StaffMemberPage) },
      },
    },
    async (req) => ({ data: await listStaff(db, req.caller, req.params.appId, req.query) }),
  );

  app.post<AppReq & { Body: StaffMemberInput }>(
    base,
    {
      schema: {
        tags,
        security,
        description: "Adds a staff member; the photo is an uploaded image or a web address.",
        params: AppParams,
        body: StaffMemberInput,
        response: { 200: Envelope(StaffMemberRecord) },
      },
    },
    async (req) => ({ data: await createStaff(db, req.caller, req.params.appId, req.body) }),
  );

  app.post<AppReq & { Body: unknown[] }>(
    `${base}/bulk`,
    {
      schema: {
        tags,
        security,
        description:
          "Adds many staff members, all or nothing: any bad row answers 400 StaffRowsInvalid with details [{row, field, message}] and adds none.",
        params: AppParams,
        body: StaffMemberBulk,
        response: { 200: Envelope(Type.Array(StaffMemberRecord)) },
      },
    },
    async (req) => ({ data: await bulkAddStaff(db, req.caller, req.params.appId, req.body) }),
  );

  app.post<AppReq & { Querystring: { fileName?: string } }>(
    `${base}/csv`,
    {
      schema: {
        tags,
        security,
        consumes: ["text/csv", "multipart/form-data"],
        description:
          "Imports a CSV (header row named Name, Title, Department, Email, Phone, Photo, Locations; `;`, tab or comma) as a task: 202 {taskId}; poll GET /public/apps/{appId}/tasks/{taskId}?taskType=staff-import.",
        params: AppParams,
        querystring: Type.Object({ fileName: Type.Optional(Type.String({ maxLength: 200 })) }),
        response: { 202: Envelope(Type.Object({ taskId: Type.String() })) },
      },
    },
    async (req, reply) => {
      await appForCaller(db, req.caller, req.params.appId, "staff.manage");
      const text = await csvText(req);
      const { rows } = parseStaffCsv(text);
      const task = await createTask(db, {
        appId: req.params.appId,
        type: STAFF_IMPORT_TASK,
        input: { text },
        fileName: req.query.fileName,
        total: rows.length,
        createdBy: req.caller.id,
      });
      await startImport(app, db, task.id);
      return reply.code(202).send({ data: { taskId: task.id } });
    },
  );

  app.get<AppReq>(
    `${base}/csv`,
    {
      schema: {
        tags,
        security,
        description: "Every staff member as CSV (UTF-8 with BOM, formulas escaped).",
        params: AppParams,
      },
    },
    async (req, reply) => {
      const csv = await exportStaffCsv(db, req.caller, req.params.appId);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="staff-${today()}.csv"`)
        .send(csv);
    },
  );

  app.get<AppReq & { Querystring: StaffTallyQuery }>(
    `${base}/tally`,
    {
      schema: {
        tags,
        security,
        description:
          "Per staff member between from and to (default the last 30 days): customers who chose them, leads and redemptions carrying them.",
        params: AppParams,
        querystring: StaffTallyQuerySchema,
        response: { 200: Envelope(StaffTally) },
      },
    },
    async (req) => ({
      data: await getStaffTally(db, req.caller, req.params.appId, req.query.from, req.query.to),
    }),
  );

  app.get<AppReq>(
    `${base}/tally-notification`,
    {
      schema: {
        tags,
        security,
        description: "Who gets the tally by e-mail and how often.",
        params: AppParams,
        response: { 200: Envelope(StaffTallyNotificationRecord) },
      },
    },
    async (req) => ({ data: await getTallyNotification(db, req.caller, req.params.appId) }),
  );

  app.put<AppReq & { Body: StaffTallyNotification }>(
    `${base}/tally-notification`,
    {
      schema: {
        tags,
        security,
        description: "Sets the tally e-mail: recipients, weekly or monthly, on or off.",
        params: AppParams,
        body: StaffTallyNotification,
        response: { 200: Envelope(StaffTallyNotificationRecord) },
      },
    },
    async (req) => ({ data: await putTallyNotification(db, req.caller, req.params.appId, req.body) }),
  );

  app.get<MemberReq>(
    `${base}/:id`,
    {
      schema: { tags, security, params: MemberParams, response: { 200: Envelope(StaffMemberRecord) } },
    },
    async (req) => ({ data: await getStaff(db, req.caller, req.params.appId, req.params.id) }),
  );

  app.put<MemberReq & { Body: StaffMemberInput }>(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        description: "Replaces the member's fields.",
        params: MemberParams,
        body: StaffMemberInput,
        response: { 200: Envelope(StaffMemberRecord) },
      },
    },
    async (req) => ({
      data: await updateStaff(db, req.caller, req.params.appId, req.params.id, req.body),
    }),
  );

  app.put<MemberReq>(
    `${base}/:id/toggle-default`,
    {
      schema: {
        tags,
        security,
        description:
          "Makes the member the app's one default (clearing the previous one), or no longer the default.",
        params: MemberParams,
        response: { 200: Envelope(StaffMemberRecord) },
      },
    },
    async (req) => ({ data: await toggleDefault(db, req.caller, req.params.appId, req.params.id) }),
  );

  app.delete<MemberReq>(`${base}/:id`, { schema: { tags, security, params: MemberParams } }, async (req) => {
    await deleteStaff(db, req.caller, req.params.appId, req.params.id);
    return { data: true };
  });
};
