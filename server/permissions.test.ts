import { describe, expect, it } from "vitest";
import {
  appPermissions,
  appRoles,
  isAdmin,
  isClientManager,
  mayActAs,
  mayGrant,
  mayOnApp,
} from "./permissions.ts";
import { call, testApp, testUser } from "./test-helpers.ts";

const user = (type: string, superUser = false) => ({ id: "u", type, superUser });

describe("the permission table", () => {
  it("gives Admins everything and non-members nothing", () => {
    for (const action of Object.keys(appPermissions) as (keyof typeof appPermissions)[]) {
      expect(mayOnApp(user("Admin"), null, action)).toBe(true);
      expect(mayOnApp(user("User"), null, action)).toBe(false);
      expect(mayOnApp(user("Accountant"), null, action)).toBe(false);
    }
  });

  it("lets every role read and only Owners and Managers edit", () => {
    for (const role of appRoles) expect(mayOnApp(user("User"), role, "app.read")).toBe(true);
    expect(appRoles.filter((r) => mayOnApp(user("User"), r, "app.edit"))).toEqual(["Owner", "Manager"]);
    expect(appRoles.filter((r) => mayOnApp(user("User"), r, "pushes.send"))).toEqual([
      "Owner",
      "Manager",
      "Service",
    ]);
  });

  it("lets Owners grant any role and Managers only the staff below them", () => {
    expect(appRoles.filter((r) => mayGrant(user("User"), "Owner", r))).toEqual([...appRoles]);
    expect(appRoles.filter((r) => mayGrant(user("User"), "Manager", r))).toEqual(["Service", "Associate"]);
    expect(appRoles.filter((r) => mayGrant(user("User"), "Service", r))).toEqual([]);
  });

  it("keeps Admins from acting as other Admins unless they are the super user", () => {
    expect(mayActAs(user("Admin"), user("User"))).toBe(true);
    expect(mayActAs(user("Admin"), user("Admin"))).toBe(false);
    expect(mayActAs(user("User", true), user("Admin"))).toBe(true);
    expect(mayActAs(user("Admin"), user("User", true))).toBe(false);
    expect(mayActAs(user("Accountant"), user("User"))).toBe(false);
    expect(isAdmin(user("User", true))).toBe(true);
    expect(isClientManager(user("Accountant"))).toBe(true);
    expect(isClientManager(user("User"))).toBe(false);
  });
});

describe("the super user from configuration", () => {
  it("has Admin rights whatever its type, and may sign in as an Admin", async () => {
    const app = await testApp({ config: { superUserId: "00000000-0000-4000-8000-00000000beef" } });
    try {
      await app.database.execute(
        "insert into users (id, email, password_hash, type) values ('00000000-0000-4000-8000-00000000beef', 'super@example.com', 'x', 'User')",
      );
      const { rows } = await app.database.execute(
        "insert into sessions (user_id, token_hash) values ('00000000-0000-4000-8000-00000000beef', encode(sha256('super-token'), 'hex')) returning id",
      );
      expect(rows).toHaveLength(1);
      const headers = { authorization: "Bearer super-token" };
      expect((await call(app, { method: "GET", url: "/api/admin/apps", headers })).status).toBe(200);
      const admin = await testUser(app, "Admin");
      const as = await call(app, {
        method: "POST",
        url: `/api/admin/accounts/sign-in-as/${admin.id}`,
        headers,
      });
      expect(as.status).toBe(200);
      const plain = await testUser(app);
      expect(
        (await call(app, { method: "GET", url: "/api/admin/apps", headers: plain.headers })).status,
      ).toBe(403);
    } finally {
      await app.close();
    }
  });
});
