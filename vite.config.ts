import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/**
 * Test projects. The front-end builds have their own configs in scripts/build-targets.ts (one per face);
 * this file is what Vitest reads.
 */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "happy-dom",
          // The files of a worker share its modules and its window, and each starts from an empty document
          // and empty storage (tests/unit-setup.ts): a new window and module graph per file made 110 s of
          // a 135 s pass; now 26 s.
          isolate: false,
          setupFiles: ["tests/unit-setup.ts"],
          // Beside e2e in CI on two cores, a test that renders every screen (and loads their modules first)
          // took over vitest's 5 s; a timed-out test keeps running beside the next ones in the shared window.
          testTimeout: 30_000,
          include: ["{schemas,core,machines,sdk,builder,portal,promo,locales,scripts}/**/*.test.{ts,tsx}"],
        },
      },
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: ["server/**/*.test.ts"],
          // Every database is a copy of one template migrated before the workers start (global-setup.ts), and
          // files share their worker's module graph (isolate: false): importing the server and making a new
          // PGlite cluster again for each of 84 files made the PGlite pass 1,277 s, of which tests ran 264 s.
          // Now 287 s (PostgreSQL 712 s to 251 s). Tests therefore keep no state in modules between files.
          globalSetup: ["server/testing/global-setup.ts"],
          pool: "forks",
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          // Hostile traffic against the whole server (tests/security): generated bodies on every write
          // route, header spoofing on every rate limit, hostile images. PGlite by default, PostgreSQL when
          // DATABASE_URL is set (npm test runs both).
          name: "security",
          environment: "node",
          include: ["tests/security/**/*.test.ts"],
          globalSetup: ["server/testing/global-setup.ts"],
          pool: "forks",
          testTimeout: 120000,
          hookTimeout: 60000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
