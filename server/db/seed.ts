import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";
import type { AppCreate } from "../../schemas/index.ts";
import { signUp } from "../ops/accounts.ts";
import { createApp } from "../ops/apps.ts";
import { storeImage } from "../ops/images.ts";
import { createPackage } from "../ops/special-packages.ts";
import type { Storage } from "../services/storage.ts";
import type { Db } from "./connect.ts";
import { users } from "./schema.ts";
import { seedAnalytics } from "./seed-analytics.ts";
import { seedCustomers } from "./seed-customers.ts";
import { seedDealer } from "./seed-dealer.ts";
import { seedLoyalty } from "./seed-loyalty.ts";
import { seedPush } from "./seed-push.ts";
import { seedStaff } from "./seed-staff.ts";

export const DEMO_ADMIN_EMAIL = "admin@demo.local";
export const DEMO_APP_SLUG = "demo-motors";

/** The demo coupons' ids (kept when they become offers), for the demo's special package. */
export const DEMO_COUPON_IDS = {
  oil: "2b0f5c1e-7a4d-4e3b-9c2a-0d1e2f3a4b01",
  tires: "2b0f5c1e-7a4d-4e3b-9c2a-0d1e2f3a4b02",
};
/** The demo event's id (its analytics are seeded per offer). */
export const DEMO_EVENT_ID = "2b0f5c1e-7a4d-4e3b-9c2a-0d1e2f3a4b03";

const icon = (name: string) => `/api/icon-files/${name}.svg`;
const DAY = 86_400_000;

/**
 * The demo app's definition: enough to show every face of the product on first start. Coupons and events
 * run from the seeding day, so the demo never starts out expired.
 */
export function demoDefinition(now = Date.now(), images: { logo?: string; cover?: string } = {}) {
  const at = (days: number) => new Date(now + days * DAY).toISOString();
  return {
    name: "Demo Motors",
    logo: images.logo ?? "",
    cover: images.cover ?? "",
    theme: { layout: "CoverOnly", iconColor: "#1f6feb", titleColor: "#1f2329", backgroundColor: "#ffffff" },
    features: [
      {
        id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a01",
        type: "ClickToCall",
        title: "Call Us",
        icon: icon("phone"),
        phone: "(555) 010-2030",
      },
      {
        id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a02",
        type: "Coupons",
        title: "Specials",
        icon: icon("discount"),
      },
      {
        id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a03",
        type: "Events",
        title: "Promotions",
        icon: icon("speakerphone"),
      },
      {
        id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a05",
        type: "Loyalty",
        title: "Loyalty",
        icon: icon("star"),
        stampNumber: 8,
        code: "12345",
      },
      {
        id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a06",
        type: "ReferralProgram",
        title: "Refer a Friend",
        icon: icon("gift"),
        programName: "Friends & Family",
      },
      // The dealer's inventory (issue 16, seed-dealer.ts) and the visitor's saved vehicles.
      {
        id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a07",
        type: "ClickToLink",
        title: "Inventory",
        icon: icon("car"),
        meta: "inventory",
      },
      {
        id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a08",
        type: "ClickToLink",
        title: "Saved Vehicles",
        icon: icon("heart"),
        meta: "inventory_favorites",
      },
      {
        id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a04",
        type: "ContactUs",
        title: "Contact Us",
        icon: icon("address-book"),
        groups: [
          {
            name: "Sales",
            methods: [
              { type: "PhoneNumber", value: "(555) 010-2030" },
              { type: "Email", value: "sales@demo-motors.example" },
            ],
          },
        ],
      },
    ],
    coupons: [
      {
        id: "2b0f5c1e-7a4d-4e3b-9c2a-0d1e2f3a4b01",
        title: "$25 off any oil change",
        description: "Show this coupon to your service advisor.",
        from: at(0),
        to: at(60),
      },
      {
        id: "2b0f5c1e-7a4d-4e3b-9c2a-0d1e2f3a4b02",
        title: "Free tire rotation",
        description: "With any service over $100.",
        from: at(0),
        to: at(30),
      },
    ],
    events: [
      {
        id: DEMO_EVENT_ID,
        title: "Spring sales event",
        description: "Special financing on every new model.",
        from: at(0),
        to: at(21),
      },
    ],
  };
}

const svgPng = (svg: string) => sharp(Buffer.from(svg)).png().toBuffer();

/** A logo and a cover drawn here, so the demo looks like an app without shipping image files. */
async function demoImages(db: Db, storage: Storage) {
  const logo = await svgPng(
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="48" fill="#1f6feb"/><text x="128" y="162" font-family="sans-serif" font-size="112" font-weight="700" fill="#fff" text-anchor="middle">DM</text></svg>`,
  );
  const cover = await svgPng(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="750"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3d91"/><stop offset="1" stop-color="#1f6feb"/></linearGradient></defs><rect width="1200" height="750" fill="url(#g)"/><text x="600" y="360" font-family="sans-serif" font-size="96" font-weight="700" fill="#fff" text-anchor="middle">Demo Motors</text><text x="600" y="450" font-family="sans-serif" font-size="44" fill="#dbe7ff" text-anchor="middle">Service · Sales · Specials</text></svg>`,
  );
  return {
    logo: (await storeImage(db, storage, logo, {}, null)).url,
    cover: (await storeImage(db, storage, cover, {}, null)).url,
  };
}

/**
 * Seeds a demo admin and a demo app on an empty database. Running it again changes nothing: the admin's
 * existence is the marker. The password is random and printed once, never stored in clear.
 */
export async function seed(db: Db, storage: Storage, log: FastifyBaseLogger): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  if (existing) return;
  const password = randomBytes(9).toString("base64url");
  const admin = await signUp(db, { email: DEMO_ADMIN_EMAIL, password, name: "Demo Admin" }, "Admin");
  const app = await createApp(
    db,
    { id: admin.id, type: "Admin" },
    {
      slug: DEMO_APP_SLUG,
      definition: demoDefinition(Date.now(), await demoImages(db, storage)) as AppCreate["definition"],
    },
  );
  await seedLoyalty(db, app.appId);
  await seedStaff(db, app.appId);
  // createApp made the definition's coupons and events offers of the app (ids kept); one package bundles two.
  await createPackage(db, { id: admin.id, type: "Admin" }, app.appId, {
    title: "Service saver package",
    description: "An oil change and a tire rotation together, for one visit.",
    couponIds: [DEMO_COUPON_IDS.oil, DEMO_COUPON_IDS.tires],
  });
  await seedPush(db, { id: admin.id, type: "Admin" }, app.appId, DEMO_COUPON_IDS.oil);
  await seedCustomers(db, app.appId, DEMO_COUPON_IDS.oil);
  await seedDealer(db, app.appId);
  await seedAnalytics(db, app.appId, {
    coupons: Object.values(DEMO_COUPON_IDS),
    events: [DEMO_EVENT_ID],
  });
  log.info(
    { email: DEMO_ADMIN_EMAIL, password, appId: app.appId },
    `Demo admin created: sign in as ${DEMO_ADMIN_EMAIL} with password ${password} (printed only once)`,
  );
}
