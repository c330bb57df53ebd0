import { describe, expect, it } from "vitest";
import {
  grantableRoles,
  inviteMessage,
  locationNames,
  mayManage,
  sortTeam,
  type TeamMember,
} from "./logic.ts";

const member = (
  email: string,
  role: TeamMember["role"],
  status: TeamMember["status"] = "Active",
): TeamMember => ({
  id: email,
  email,
  name: "",
  role,
  locations: [],
  status,
});

describe("team rules", () => {
  it("says the three permission answers", () => {
    expect(inviteMessage("InvitationSent", "a@b.co", "Manager")).toBe("Invitation sent to a@b.co as Manager");
    expect(inviteMessage("AppPermissionsGranted", "a@b.co", "Service")).toBe(
      "a@b.co already has an account: they now have the Service role and were told by e-mail",
    );
    expect(inviteMessage("AlreadyHasPermissions", "a@b.co", "Owner")).toBe(
      "a@b.co already has access to this app; nothing was changed",
    );
  });

  it("offers the roles PERMISSIONS.md lets each role give", () => {
    expect(grantableRoles("Owner", false)).toEqual(["Owner", "Manager", "Service", "Associate"]);
    expect(grantableRoles("Manager", false)).toEqual(["Service", "Associate"]);
    expect(grantableRoles("Service", false)).toEqual([]);
    expect(grantableRoles(null, true)).toHaveLength(4);
  });

  it("never offers changing one's own role, nor a role above one's own", () => {
    expect(mayManage(member("me@x.co", "Owner"), "Owner", false, "ME@x.co")).toBe(false);
    expect(mayManage(member("o@x.co", "Owner"), "Manager", false, "me@x.co")).toBe(false);
    expect(mayManage(member("s@x.co", "Service"), "Manager", false, "me@x.co")).toBe(true);
    expect(mayManage(member("me@x.co", "Manager", "Invited"), "Owner", false, "me@x.co")).toBe(true);
  });

  it("lists Owners first, members before invitations", () => {
    const sorted = sortTeam([
      member("z@x.co", "Service"),
      member("b@x.co", "Manager", "Invited"),
      member("c@x.co", "Manager"),
      member("a@x.co", "Owner"),
    ]);
    expect(sorted.map((m) => m.email)).toEqual(["a@x.co", "c@x.co", "b@x.co", "z@x.co"]);
  });

  it("names locations, none meaning all", () => {
    const locs = [{ id: "l1", name: "Downtown" }, { id: "l2" }];
    expect(locationNames([], locs)).toBe("All locations");
    expect(locationNames(["l1", "l2", "gone"], locs)).toBe("Downtown, l2, gone");
  });
});
