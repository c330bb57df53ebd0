import { type SQL, sql } from "drizzle-orm";
import type { PushCategory, PushSubscriptionPage, PushSubscriptionQuery } from "../../schemas/push.ts";
import type { Db } from "../db/connect.ts";
import type { Caller } from "../permissions.ts";
import { toCsv } from "../services/csv.ts";
import { appForCaller, mobileApp } from "./apps.ts";

type Filters = Pick<PushSubscriptionQuery, "platform" | "userId">;

/** The subscriptions of one app, narrowed by platform (any case) and widget user id. */
function where(appId: string, f: Filters): SQL {
  const parts: SQL[] = [sql`s.app_id = ${appId}`];
  const platform = f.platform?.trim();
  if (platform) parts.push(sql`lower(s.platform) = lower(${platform})`);
  const userId = f.userId?.trim();
  if (userId) parts.push(sql`s.user_id = ${userId}`);
  return sql.join(parts, sql` and `);
}

interface Row {
  id: string;
  user_id: string;
  platform: string;
  created_at: Date | string;
  updated_at: Date | string;
  known: boolean;
  name: string | null;
  email: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Subscriptions with their end user (when the id is a signed-up end user of the app), newest first. */
async function rows(
  db: Db,
  appId: string,
  f: Filters,
  page?: { skip: number; take: number },
): Promise<Row[]> {
  const result = await db.execute(sql`
    select s.id, s.user_id, s.platform, s.created_at, s.updated_at,
      (u.id is not null) as known, u.name, u.email
    from push_subscriptions s
    left join end_users u on u.app_id = s.app_id and u.id::text = s.user_id
    where ${where(appId, f)}
    order by s.updated_at desc, s.id
    ${page ? sql`offset ${page.skip} limit ${page.take}` : sql``}`);
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * GET /apps/{appId}/push-subscriptions: a page of the app's push subscriptions (take 50 by default), newest
 * first, with the subscriber's name and e-mail when known, and the total. Tokens never leave the server.
 */
export async function listPushSubscriptions(
  db: Db,
  caller: Caller,
  appId: string,
  query: PushSubscriptionQuery,
): Promise<PushSubscriptionPage> {
  const { row: app } = await appForCaller(db, caller, appId, "pushSubscriptions.read");
  const page = await rows(db, app.id, query, { skip: query.skip ?? 0, take: query.take ?? 50 });
  const counted = await db.execute(
    sql`select count(*)::int as n from push_subscriptions s where ${where(app.id, query)}`,
  );
  return {
    items: page.map((r) => ({
      id: r.id,
      userId: r.user_id,
      platform: r.platform,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
      ...(r.known ? { user: { name: r.name, email: r.email } } : {}),
    })),
    total: Number((counted as unknown as { rows: { n: number }[] }).rows[0].n),
  };
}

const CSV_COLUMNS = ["id", "userId", "name", "email", "platform", "createdAt", "updatedAt"] as const;
const CSV_HEADER = ["Subscription id", "User id", "Name", "E-mail", "Platform", "Subscribed", "Updated"];

/** GET /apps/{appId}/push-subscriptions/csv: every subscription the filters take, as the list shows them. */
export async function pushSubscriptionsCsv(
  db: Db,
  caller: Caller,
  appId: string,
  filters: Filters,
): Promise<string> {
  const { row: app } = await appForCaller(db, caller, appId, "pushSubscriptions.read");
  const all = await rows(db, app.id, filters);
  return toCsv(
    CSV_COLUMNS,
    all.map((r) => ({
      id: r.id,
      userId: r.user_id,
      name: r.name,
      email: r.email,
      platform: r.platform,
      createdAt: iso(r.created_at),
      updatedAt: iso(r.updated_at),
    })),
    { bom: true, header: CSV_HEADER },
  );
}

/**
 * GET /mobile/app/push-notifications/categories: the kinds of message this app sends to devices, so the
 * widget can tell its users what they subscribe to. Always its general announcements; specials and
 * promotions when the app shows a Coupons or Events feature (named by that feature's title); nearby
 * messages when a geofence runs in the app.
 */
export async function pushCategories(db: Db, appId: string): Promise<PushCategory[]> {
  const app = await mobileApp(db, appId);
  const features = (app.definition.features ?? []) as { type: string; title?: string; hide?: boolean }[];
  const out: PushCategory[] = [{ id: "general", title: "General" }];
  const add = (id: PushCategory["id"], type: string, fallback: string) => {
    const feature = features.find((f) => f.type === type && !f.hide);
    if (feature) out.push({ id, title: feature.title?.trim() || fallback });
  };
  add("specials", "Coupons", "Specials");
  add("promotions", "Events", "Promotions");
  const fences = await db.execute(sql`select 1 from geofence_apps where app_id = ${app.appId} limit 1`);
  if ((fences as unknown as { rows: unknown[] }).rows.length) out.push({ id: "geofences", title: "Nearby" });
  return out;
}
