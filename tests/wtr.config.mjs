import { playwrightLauncher } from "@web/test-runner-playwright";
import { chromiumArgs, chromiumPath } from "./e2e/browser.ts";
import { startServer } from "./e2e/server.ts";

/**
 * Custom-element tests in real Chromium, on the shipped bundle: the built product runs as a real server and
 * /api and /sdk are proxied to it, so the element loads exactly as it would on a customer's site.
 * Run through `node --import tsx` (see package.json) so this config can import the TypeScript helpers.
 */
const server = await startServer();
process.once("exit", () => server.stop());

async function proxy(ctx, next) {
  if (!ctx.path.startsWith("/api/") && !ctx.path.startsWith("/sdk/")) return next();
  const body = ["GET", "HEAD"].includes(ctx.method) ? undefined : await readBody(ctx.req);
  const headers = { ...ctx.headers };
  delete headers.host;
  const res = await fetch(`${server.url}${ctx.url}`, { method: ctx.method, headers, body });
  ctx.status = res.status;
  for (const [k, v] of res.headers)
    if (!["content-encoding", "content-length", "transfer-encoding"].includes(k)) ctx.set(k, v);
  ctx.body = Buffer.from(await res.arrayBuffer());
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export default {
  files: ["tests/browser/**/*.test.js"],
  nodeResolve: true,
  concurrency: 1,
  testFramework: { config: { timeout: 20000 } },
  browsers: [
    playwrightLauncher({
      product: "chromium",
      launchOptions: { executablePath: chromiumPath(), headless: true, args: chromiumArgs },
    }),
  ],
  middleware: [proxy],
};
