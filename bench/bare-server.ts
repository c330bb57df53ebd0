import Fastify from "fastify";

/**
 * The comparison point: a bare Fastify route answering a JSON body kept in memory, with the headers given in
 * HEADERS (a JSON object; none by default) on top of Fastify's own.
 */
const body = process.env.BODY ?? "{}";
const headers: Record<string, string> = JSON.parse(process.env.HEADERS ?? "{}");
const app = Fastify({ logger: false });
const extra = Object.keys(headers).length > 0;
app.get("/api/mobile/app", (_req, reply) =>
  (extra ? reply.headers(headers) : reply).type("application/json; charset=utf-8").send(body),
);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.send?.("ready");
