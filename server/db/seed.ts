import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppCreate } from "../../schemas/index.ts";
import type { Config } from "../config.ts";
import { signUp } from "../ops/accounts.ts";
import { createApp } from "../ops/apps.ts";
import type { Db } from "./connect.ts";
import { users } from "./schema.ts";

export const DEMO_ADMIN_EMAIL = "admin@demo.local";
export const DEMO_APP_SLUG = "demo-motors";

/** The demo app's definition: enough to show every face of the product on first start. */
export const demoDefinition = {
  name: "Demo Motors",
  logo: "",
  cover: "",
  theme: { layout: "CoverOnly", iconColor: "#1f6feb", titleColor: "#1f2329", backgroundColor: "#ffffff" },
  features: [
    {
      id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a01",
      type: "ClickToCall",
      title: "Call Us",
      phone: "(555) 010-2030",
    },
    { id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a02", type: "Coupons", title: "Specials" },
    { id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a03", type: "Events", title: "Promotions" },
    { id: "6f1c8f2e-0d1f-4d39-9a53-1c1b7b0b9a04", type: "ContactUs", title: "Contact Us" },
  ],
};

/**
 * Seeds a demo admin and a demo app on an empty database. Running it again changes nothing: the admin's
 * existence is the marker. The password is random and printed once, never stored in clear.
 */
export async function seed(db: Db, log: FastifyBaseLogger, _config: Config): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
  if (existing) return;
  const password = randomBytes(9).toString("base64url");
  const admin = await signUp(db, { email: DEMO_ADMIN_EMAIL, password, name: "Demo Admin" }, "Admin");
  const app = await createApp(
    db,
    { id: admin.id, type: "Admin" },
    { slug: DEMO_APP_SLUG, definition: demoDefinition as AppCreate["definition"] },
  );
  log.info(
    { email: DEMO_ADMIN_EMAIL, password, appId: app.appId },
    `Demo admin created: sign in as ${DEMO_ADMIN_EMAIL} with password ${password} (printed only once)`,
  );
}
