import { defineConfig } from "drizzle-kit";

// `npm run db:generate` writes SQL migrations from server/db/schema*.ts; the server applies them at start.
export default defineConfig({
  dialect: "postgresql",
  schema: [
    "./server/db/schema.ts",
    "./server/db/schema-mobile.ts",
    "./server/db/schema-offers.ts",
    "./server/db/schema-loyalty.ts",
    "./server/db/schema-push.ts",
    "./server/db/schema-team.ts",
    "./server/db/schema-dealer.ts",
    "./server/db/schema-analytics.ts",
    "./server/db/schema-portal.ts",
  ],
  out: "./server/db/migrations",
});
