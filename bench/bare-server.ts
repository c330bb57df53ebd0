import Fastify from "fastify";

/** The comparison point: a bare Fastify route answering a JSON body kept in memory. */
const body = process.env.BODY ?? "{}";
const app = Fastify({ logger: false });
app.get("/api/mobile/app", (_req, reply) => reply.type("application/json; charset=utf-8").send(body));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.send?.("ready");
