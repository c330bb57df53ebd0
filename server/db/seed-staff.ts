import { eq } from "drizzle-orm";
import type { StaffMemberInput } from "../../schemas/index.ts";
import { insertMembersTx } from "../ops/staff-members.ts";
import type { Db } from "./connect.ts";
import { staffMembers } from "./schema-team.ts";

/** The demo app's staff directory: what Contact us lists in the widget and the console's Staff page shows. */
export const DEMO_STAFF: StaffMemberInput[] = [
  {
    name: "Maria Lopez",
    title: "Service Advisor",
    department: "Service",
    phone: "+1 555 010 2041",
    email: "maria.lopez@demo-motors.example",
    isDefault: true,
  },
  {
    name: "James Carter",
    title: "Sales Consultant",
    department: "Sales",
    phone: "+1 555 010 2042",
    email: "james.carter@demo-motors.example",
  },
  {
    name: "Aisha Khan",
    title: "Finance Manager",
    department: "Finance",
    email: "aisha.khan@demo-motors.example",
  },
];

/** Adds the demo staff to an app that has none (so a second run, or staff edited since, is left alone). */
export async function seedStaff(db: Db, appId: string): Promise<void> {
  const [some] = await db
    .select({ id: staffMembers.id })
    .from(staffMembers)
    .where(eq(staffMembers.appId, appId))
    .limit(1);
  if (some) return;
  await db.transaction((tx) => insertMembersTx(tx, appId, DEMO_STAFF));
}
