import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testApp, testUser } from "../test-helpers.ts";
import { DEMO_APP_SLUG, seed } from "./seed.ts";
import { seedStaff } from "./seed-staff.ts";

let app: FastifyInstance;
let appId: string;
const log = { info: () => {} } as never;
beforeAll(async () => {
  app = await testApp();
  await seed(app.database.db, app.storage, log);
  const { rows } = await app.database.execute("select id from apps where slug = $1", [DEMO_APP_SLUG]);
  appId = rows[0].id;
});
afterAll(() => app.close());

describe("demo staff seed", () => {
  it("gives the demo app a staff directory with one default, shown in the widget; a second run adds nobody", async () => {
    const directory = await call(app, {
      method: "GET",
      url: "/api/mobile/app/staff-directory",
      headers: { "x-app": appId },
    });
    expect(directory.status).toBe(200);
    expect(
      directory.body.data.map((m: { name: string; isDefault: boolean }) => [m.name, m.isDefault]),
    ).toEqual([
      ["Maria Lopez", true],
      ["James Carter", false],
      ["Aisha Khan", false],
    ]);
    await seedStaff(app.database.db, appId);
    const admin = await testUser(app, "Admin");
    const list = await call(app, {
      method: "GET",
      url: `/api/apps/${appId}/staff-members`,
      headers: admin.headers,
    });
    expect(list.body.data.total).toBe(3);
  });
});
