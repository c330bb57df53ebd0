import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../db/connect.ts";

export const healthRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  app.get("/health", { schema: { tags: ["Health"] } }, async () => {
    await database.execute("select 1");
    return { data: { status: "ok", database: database.engine } };
  });
};
