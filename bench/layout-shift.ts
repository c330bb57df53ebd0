import fs from "node:fs";
import path from "node:path";
import { launchBrowser } from "../tests/e2e/browser.ts";
import {
  API_DELAY_MS,
  createDemoApp,
  IMAGE_DELAY_MS,
  measureLayoutShift,
  VIEWPORTS,
} from "../tests/e2e/layout-shift.ts";
import { startServer } from "../tests/e2e/server.ts";

/**
 * Cumulative layout shift of the widget on the demo page (issue 11: Lighthouse saw 0.45 desktop, 0.17
 * mobile; Google's 'good' is ≤ 0.1), desktop 1350x940 and mobile 412x823, the app data held back
 * API_DELAY_MS and images IMAGE_DELAY_MS. Median of BENCH_RUNS fresh contexts (default 3), with the largest
 * shifts of the worst run. Prints, never fails (tests/e2e/layout-shift.test.ts asserts the limit).
 */
const root = path.resolve(import.meta.dirname, "..");
if (!fs.existsSync(path.join(root, "dist/sdk/brand-app.js"))) throw new Error("run `npm run build` first");
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const server = await startServer({ LOG_LEVEL: "error" });
const browser = await launchBrowser();
try {
  const appId = await createDemoApp(server.url, "bench");
  console.log(`layout shift on /demo/{appId} (app data +${API_DELAY_MS} ms, images +${IMAGE_DELAY_MS} ms):`);
  for (const [name, options] of Object.entries(VIEWPORTS)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureLayoutShift(browser, server.url, appId, options));
    runs.sort((a, b) => a.cls - b.cls);
    const median = runs[Math.floor(runs.length / 2)];
    const worst = runs[runs.length - 1];
    const { width, height } = options.viewport;
    console.log(
      `  ${name} ${width}x${height}: CLS ${median.cls.toFixed(3)} (median of ${RUNS}, worst ${worst.cls.toFixed(3)}; ` +
        `target ≤ 0.1); widget ${median.box.width}x${median.box.height} px, cover ${Math.round(median.coverHeight)} px high`,
    );
    for (const s of [...worst.shifts].sort((a, b) => b.value - a.value).slice(0, 3))
      console.log(`    ${s.value.toFixed(3)} at ${s.at} ms: ${s.sources.join("; ")}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
