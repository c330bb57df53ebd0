// autocannon's per-request hook for bench/analytics.ts, loaded in autocannon's worker thread (so it is plain
// CommonJS): each request carries 50 new signals for the app in BENCH_APP_ID.
const { randomUUID } = require("node:crypto");

const pages = ["home", "coupons", "couponDetails", "events", "loyalty", "contactUs"];

module.exports = (req) => {
  const appId = process.env.BENCH_APP_ID;
  const now = Date.now();
  const body = JSON.stringify(
    Array.from({ length: 50 }, (_, i) => ({
      id: randomUUID(),
      time: new Date(now - i * 1000).toISOString(),
      appId,
      userId: `visitor-${Math.floor(Math.random() * 5000)}`,
      platform: "Web",
      name: i % 10 === 0 ? "install" : "page_view",
      data: { page: pages[i % pages.length] },
    })),
  );
  return { ...req, body };
};
