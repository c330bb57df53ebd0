import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { CatalogQuery, EngineType, Envelope, MakeModel, MakeModelType } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { mobileApp } from "../ops/apps.ts";
import { carEngineTypes, carMakes, carModels, listEngineTypes, listMakeModels } from "../ops/catalog.ts";

const tags = ["Make-models"];
const mobileTags = ["Mobile"];
const Strings = Envelope(Type.Array(Type.String()));
const MobileQuery = Type.Object({ type: Type.Optional(MakeModelType) });
const MakeParams = Type.Object({ make: Type.String({ minLength: 1, maxLength: 100 }) });

/** The widget's catalog type: the app's makeModelType when the X-App header names one, else ?type, else Car. */
async function catalogType(db: Db, req: FastifyRequest<{ Querystring: { type?: string } }>): Promise<string> {
  const appId = req.headers["x-app"];
  if (typeof appId === "string" && appId) return (await mobileApp(db, appId)).makeModelType;
  return req.query.type ?? "Car";
}

/** Public catalog reads: the console's pickers and the widget's vehicle forms (no sign-in needed). */
export const catalogRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<{ Querystring: CatalogQuery }>(
    "/make-models",
    { schema: { tags, querystring: CatalogQuery, response: { 200: Envelope(Type.Array(MakeModel)) } } },
    async (req) => ({ data: await listMakeModels(db, req.query) }),
  );
  app.get<{ Querystring: CatalogQuery }>(
    "/make-models/engine-types",
    { schema: { tags, querystring: CatalogQuery, response: { 200: Envelope(Type.Array(EngineType)) } } },
    async (req) => ({ data: await listEngineTypes(db, req.query) }),
  );

  app.get<{ Querystring: { type?: string } }>(
    "/mobile/cars/makes",
    { schema: { tags: mobileTags, querystring: MobileQuery, response: { 200: Strings } } },
    async (req) => ({ data: await carMakes(db, await catalogType(db, req)) }),
  );
  app.get<{ Params: { make: string }; Querystring: { type?: string } }>(
    "/mobile/cars/makes/:make/models",
    {
      schema: { tags: mobileTags, params: MakeParams, querystring: MobileQuery, response: { 200: Strings } },
    },
    async (req) => ({ data: await carModels(db, await catalogType(db, req), req.params.make) }),
  );
  app.get<{ Params: { make: string }; Querystring: { type?: string; model?: string } }>(
    "/mobile/cars/makes/:make/engine-types",
    {
      schema: {
        tags: mobileTags,
        params: MakeParams,
        querystring: Type.Object({
          type: Type.Optional(MakeModelType),
          model: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: { 200: Strings },
      },
    },
    async (req) => ({
      data: await carEngineTypes(
        db,
        await catalogType(db, req),
        req.params.make,
        req.query.model || undefined,
      ),
    }),
  );
};
