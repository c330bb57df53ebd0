import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { featureAnalyticsPage } from "../../schemas/features/registry.ts";
import type { AnalyticsSignal } from "../../schemas/index.ts";
import { foldAllAnalytics } from "../ops/analytics-rollup.ts";
import { storeSignals } from "../ops/mobile-analytics.ts";
import type { Db } from "./connect.ts";
import { apps } from "./schema.ts";

const DAY = 86_400_000;

/** Days of demo traffic before today. */
export const DEMO_ANALYTICS_DAYS = 60;

/** A small seeded generator: the demo's numbers are the same on every machine. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A uuid from text: the demo's signals have the same ids on every machine. */
const idOf = (text: string) => {
  const h = createHash("sha256").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * Demo traffic for the demo app's dashboards: 60 days of widget visits growing towards today (installs,
 * page views of its features, offer views, shares and calendar adds, sign-ins by e-mail and text, a few
 * failed pushes), stored like the widget's and folded into the rollups at once so a visitor sees numbers.
 */
export async function seedAnalytics(
  db: Db,
  appId: string,
  offers: { coupons: string[]; events: string[] },
  now = new Date(),
): Promise<number> {
  const [app] = await db.select({ definition: apps.definition }).from(apps).where(eq(apps.id, appId));
  type Feature = { id: string; type: string; title: string } & Record<string, unknown>;
  const features = ((app?.definition as { features?: Feature[] })?.features ?? [])
    .filter((f) => f.id && f.type)
    .slice(0, 8);
  const random = mulberry32(20261123);
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  const signals: AnalyticsSignal[] = [];
  let visitorSeq = 0;
  const returning: string[] = [];
  for (let d = DEMO_ANALYTICS_DAYS; d >= 0; d--) {
    const dayStart = Math.floor(now.getTime() / DAY) * DAY - d * DAY;
    const weekend = [0, 6].includes(new Date(dayStart).getUTCDay());
    const visits = Math.round(
      (8 + (DEMO_ANALYTICS_DAYS - d) * 0.35) * (weekend ? 0.6 : 1) * (0.8 + random() * 0.4),
    );
    for (let v = 0; v < visits; v++) {
      const isNew = returning.length < 5 || random() < 0.45;
      const userId = isNew ? idOf(`demo-visitor-${visitorSeq++}`) : pick(returning);
      if (isNew) returning.push(userId);
      // Business hours in the US (14:00-02:00 UTC), clamped to now for today.
      let t = dayStart + (14 * 60 + Math.floor(random() * 12 * 60)) * 60_000;
      if (t > now.getTime() - 60_000) t = now.getTime() - Math.floor(random() * 3_600_000) - 60_000;
      if (t < dayStart) continue;
      const add = (name: string, data?: AnalyticsSignal["data"]) => {
        t += Math.floor(5_000 + random() * 40_000);
        signals.push({
          id: idOf(`demo-signal-${signals.length}`),
          time: new Date(Math.min(t, now.getTime())).toISOString(),
          appId,
          userId,
          platform: "Web",
          name,
          ...(data ? { data } : {}),
        });
      };
      if (isNew) add("install");
      add("page_view", { page: "home" });
      const opened = Math.floor(random() * 3);
      for (let i = 0; i < opened && features.length; i++) {
        const f = pick(features);
        add("page_view", { page: featureAnalyticsPage(f) ?? "home", featureId: f.id, title: f.title });
      }
      if (offers.coupons.length && random() < 0.35) {
        const offerId = pick(offers.coupons);
        add("page_view", { page: "couponDetails", offerId });
        if (random() < 0.2) add("share", { offerId });
      }
      if (offers.events.length && random() < 0.2) {
        const offerId = pick(offers.events);
        add("page_view", { page: "eventDetails", offerId });
        if (random() < 0.3) add("calendar_add", { offerId });
      }
      if (random() < 0.12) add("login", { loginMethod: random() < 0.7 ? "email" : "phone" });
      if (random() < 0.02) add("failure", { failureReason: "unsupported_feature", title: "push" });
    }
  }
  let stored = 0;
  for (let i = 0; i < signals.length; i += 500)
    stored += (await storeSignals(db, appId, signals.slice(i, i + 500), { now })).stored;
  await foldAllAnalytics(db);
  return stored;
}
