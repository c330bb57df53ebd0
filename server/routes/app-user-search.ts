import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { AppUserHit, AppUserSearch, CustomerPage, CustomerSearch, Envelope } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { searchAppUsers, searchCustomers } from "../ops/app-user-search.ts";

/**
 * The customers search's body: the table's filters, paging and sort, or the pickers' `query` (and `limit`),
 * which keeps answering the plain list of hits the pickers read.
 */
const SearchBody = Type.Object(
  {
    ...CustomerSearch.properties,
    query: Type.Optional(AppUserSearch.properties.query),
    limit: Type.Optional(AppUserSearch.properties.limit),
  },
  { additionalProperties: false },
);
type SearchBody = CustomerSearch & Partial<AppUserSearch>;

/** The console's app-user search: the customers table and the pickers (spec §7 users/search). */
export const appUserSearchRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);

  app.post<{ Params: { appId: string }; Body: SearchBody }>(
    "/apps/:appId/users/search",
    {
      schema: {
        tags: ["App users"],
        security: [{ bearer: [] }],
        params: Type.Object({ appId: Type.String({ maxLength: 100 }) }),
        body: SearchBody,
        description:
          "This app's end users (appUsers.read). With `query`: those whose e-mail, phone or name contains it (the pickers' list). Otherwise a page {items, total}: `term` matches part of a name, e-mail, phone digits, VIN, make or model; make and model equal, VIN containing and the year range narrow to customers with such a vehicle; `hasPush`; `sort` one of name, email, phone, signedInAt, createdAt, make, model, year with an optional leading - (default -createdAt); skip, take (default 50, at most 200).",
        response: { 200: Envelope(Type.Union([Type.Array(AppUserHit), CustomerPage])) },
      },
      config: { rateLimit: { max: 240, timeWindow: 60_000 } },
    },
    async (req) => {
      const { query, limit, ...search } = req.body;
      if (query !== undefined)
        return { data: await searchAppUsers(db, req.caller, req.params.appId, { query, limit }) };
      return { data: await searchCustomers(db, req.caller, req.params.appId, search) };
    },
  );
};
