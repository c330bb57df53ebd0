import { createHash, randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "./connect.ts";
import { endUserSessions, endUsers, endUserVehicles, formData, leads } from "./schema-mobile.ts";
import { emailSubscriptions } from "./schema-team.ts";

/** The demo's custom form (submissions only: the form itself is not on the demo app's home). */
export const DEMO_FORM = { id: "7e3a1c52-9b4d-4f0e-8a6c-1d2e3f4a5b61", title: "Service request" };

/** The address subscribed to the demo app's weekly insights report. */
export const DEMO_INSIGHTS_EMAIL = "insights@demo-motors.example";

const DAY = 86_400_000;

/** The demo app's customers (signed-in widget users with their vehicles), who also sent the leads below. */
const DEMO_CUSTOMERS = [
  {
    name: "Olivia Bennett",
    email: "olivia.bennett@example.com",
    phone: "+15550104411",
    vehicles: [{ year: 2018, make: "Toyota", model: "RAV4", vin: "2T3BFREV8JW712345", mileage: 61200 }],
    signedInDaysAgo: 2,
  },
  {
    name: "Marcus Reed",
    email: "marcus.reed@example.com",
    phone: null,
    vehicles: [
      { year: 2019, make: "Toyota", model: "Camry", vin: "4T1B11HK5KU298765", mileage: 58900 },
      { year: 2012, make: "Ford", model: "F-150", vin: "1FTFW1ET4CFA11223", mileage: 142000 },
    ],
    signedInDaysAgo: 5,
  },
  {
    name: "Priya Shah",
    email: null,
    phone: "+15550107788",
    vehicles: [{ year: 2021, make: "Honda", model: "CR-V", vin: "7FARW2H50ME004567", mileage: 18400 }],
    signedInDaysAgo: 1,
  },
];

/**
 * The demo app's customers, leads, form data and insights subscription, so the console's Customers, Leads,
 * Form data and Team pages have something to show on first start: three signed-in customers with vehicles,
 * two form submissions with their leads and a lead that asked about a special, each linked to its customer.
 * Added only to an app without leads (a second run, or leads made since, are left alone).
 */
export async function seedCustomers(
  db: Db,
  appId: string,
  couponId: string,
  now = Date.now(),
): Promise<void> {
  const [some] = await db.select({ id: leads.id }).from(leads).where(eq(leads.appId, appId)).limit(1);
  if (some) return;
  await db.transaction(async (tx) => {
    const userIds: Record<string, string> = {};
    for (const c of DEMO_CUSTOMERS) {
      const id = randomUUID();
      userIds[c.name] = id;
      const signedIn = new Date(now - c.signedInDaysAgo * DAY);
      await tx.insert(endUsers).values({
        id,
        appId,
        name: c.name,
        email: c.email,
        phone: c.phone,
        emailVerified: c.email !== null,
        phoneVerified: c.email === null,
        createdAt: new Date(now - 30 * DAY),
      });
      await tx
        .insert(endUserVehicles)
        .values(c.vehicles.map((v, position) => ({ endUserId: id, position, ...v })));
      // A spent session: the customer's last sign-in date (its token was never handed to anyone).
      await tx.insert(endUserSessions).values({
        endUserId: id,
        tokenHash: createHash("sha256").update(randomBytes(32)).digest("hex"),
        createdAt: signedIn,
        revokedAt: signedIn,
      });
    }
    const submissions = [
      {
        at: new Date(now - 2 * DAY),
        values: {
          "Full name": "Olivia Bennett",
          Email: "olivia.bennett@example.com",
          Phone: "+15550104411",
          Message: "The brakes squeak when I stop. Can I bring the car in on Friday morning?",
          "Need a loaner": true,
        },
        lead: {
          name: "Olivia Bennett",
          email: "olivia.bennett@example.com",
          phone: "+15550104411",
          comments: "The brakes squeak when I stop. Can I bring the car in on Friday morning?",
        },
      },
      {
        at: new Date(now - 5 * DAY),
        values: {
          "Full name": "Marcus Reed",
          Email: "marcus.reed@example.com",
          Message: "Please quote a 60,000 mile service for a 2019 Camry.",
          "Need a loaner": false,
        },
        lead: {
          name: "Marcus Reed",
          email: "marcus.reed@example.com",
          phone: null,
          comments: "Please quote a 60,000 mile service for a 2019 Camry.",
        },
      },
    ];
    for (const s of submissions) {
      const [row] = await tx
        .insert(formData)
        .values({
          appId,
          featureId: DEMO_FORM.id,
          title: DEMO_FORM.title,
          userId: userIds[s.lead.name],
          values: s.values,
          createdAt: s.at,
        })
        .returning({ id: formData.id });
      await tx.insert(leads).values({
        appId,
        source: "form",
        formDataId: row.id,
        userId: userIds[s.lead.name],
        createdAt: s.at,
        ...s.lead,
      });
    }
    await tx.insert(leads).values({
      appId,
      source: "offer",
      offerId: couponId,
      name: "Priya Shah",
      userId: userIds["Priya Shah"],
      phone: "+15550107788",
      comments: "Does the $25 off the oil change work for synthetic oil?",
      context: { vehicle: "2021 Honda CR-V" },
      createdAt: new Date(now - DAY),
    });
    await tx
      .insert(emailSubscriptions)
      .values({ appId, email: DEMO_INSIGHTS_EMAIL, insightsReport: true })
      .onConflictDoNothing();
  });
}
