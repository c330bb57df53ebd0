import { buildApp } from "./app.ts";
import { configFromEnv } from "./config.ts";
import { seed } from "./db/seed.ts";

const config = configFromEnv();
// Background jobs (pushes, reports, imports) run in this process through pg-boss; `npm run worker` adds more workers.
const app = await buildApp({ config, jobs: "pg-boss" });
await seed(app.database.db, app.storage, app.log);
await app.listen({ port: config.port, host: config.host });

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    app.log.info({ signal }, "shutting down");
    app.close().then(() => process.exit(0));
  });
