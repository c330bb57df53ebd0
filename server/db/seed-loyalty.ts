import type { PointsProgram } from "../../schemas/index.ts";
import type { Db } from "./connect.ts";
import { pointsPrograms } from "./schema-loyalty.ts";

/**
 * The demo app's points program: loyalty dollars (conversion rate 1, spec §9), points that expire after a
 * year, the earning caps and a maximum per visit, milestones and rewards, so the console's Loyalty page and
 * the widget's points screen have something to show on first start. Fixed ids keep it stable across seeds.
 */
export const DEMO_POINTS_PROGRAM: PointsProgram = {
  enabled: true,
  conversionRate: 1,
  expiryDays: 365,
  balanceLimit: 100_000,
  dailyCap: 5_000,
  monthlyCap: 20_000,
  annualCap: 60_000,
  maxPerVisit: 2_500,
  milestones: [
    { id: "5c0d9e1a-7b6f-4d3e-9a2b-0c1d2e3f4a01", points: 1_000, title: "Silver member" },
    { id: "5c0d9e1a-7b6f-4d3e-9a2b-0c1d2e3f4a02", points: 5_000, title: "Gold member" },
    { id: "5c0d9e1a-7b6f-4d3e-9a2b-0c1d2e3f4a03", points: 15_000, title: "Platinum member" },
  ],
  rewards: [
    {
      id: "5c0d9e1a-7b6f-4d3e-9a2b-0c1d2e3f4a11",
      title: "Free car wash",
      points: 500,
      description: "A full exterior wash at our service center.",
    },
    {
      id: "5c0d9e1a-7b6f-4d3e-9a2b-0c1d2e3f4a12",
      title: "Free oil change",
      points: 2_500,
      description: "A standard oil and filter change for one vehicle.",
    },
    {
      id: "5c0d9e1a-7b6f-4d3e-9a2b-0c1d2e3f4a13",
      title: "$50 off any service",
      points: 5_000,
      description: "Taken off the invoice of any service over $100.",
    },
  ],
  terms:
    "Earn points on service and parts purchases. Points expire one year after they are earned and have no cash value.",
};

/** Gives the demo app its points program; a program already there (edited in the console) is kept. */
export async function seedLoyalty(db: Db, appId: string): Promise<void> {
  await db.insert(pointsPrograms).values({ appId, config: DEMO_POINTS_PROGRAM }).onConflictDoNothing();
}
