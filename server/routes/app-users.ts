import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import {
  CustomerDetail,
  type CustomerUpdate,
  CustomerUpdate as CustomerUpdateSchema,
  CustomerVehicles,
  Envelope,
  Vehicle,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { getCustomer, setCustomerVehicles, updateCustomer } from "../ops/app-users.ts";

const tags = ["App users"];
const security = [{ bearer: [] }];
const UserParams = Type.Object({
  appId: Type.String({ maxLength: 100 }),
  userId: Type.String({ maxLength: 100 }),
});
type Params = { appId: string; userId: string };

/** One customer in the console (spec §7 users/{id} GET/PUT, users/{id}/vehicles PUT). */
export const appUserRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);

  app.get<{ Params: Params }>(
    "/apps/:appId/users/:userId",
    {
      schema: {
        tags,
        security,
        params: UserParams,
        description:
          "Everything about one of this app's end users (appUsers.read): profile, vehicles, advisor, push, sign-in, and the latest 20 redemptions, loyalty cards, leads and notifications, with the points balance. Another app's user: 404.",
        response: { 200: Envelope(CustomerDetail) },
      },
    },
    async (req) => ({ data: await getCustomer(db, req.caller, req.params.appId, req.params.userId) }),
  );

  app.put<{ Params: Params; Body: CustomerUpdate }>(
    "/apps/:appId/users/:userId",
    {
      schema: {
        tags,
        security,
        params: UserParams,
        body: CustomerUpdateSchema,
        description:
          "Saves the profile (appUsers.edit); a changed e-mail or phone is no longer verified. Answers the customer as GET does.",
        response: { 200: Envelope(CustomerDetail) },
      },
    },
    async (req) => ({
      data: await updateCustomer(db, req.caller, req.params.appId, req.params.userId, req.body),
    }),
  );

  app.put<{ Params: Params; Body: Vehicle[] }>(
    "/apps/:appId/users/:userId/vehicles",
    {
      schema: {
        tags,
        security,
        params: UserParams,
        body: CustomerVehicles,
        description: "Replaces the customer's vehicles with this list, in order (appUsers.edit).",
        response: { 200: Envelope(Type.Array(Vehicle)) },
      },
    },
    async (req) => ({
      data: await setCustomerVehicles(db, req.caller, req.params.appId, req.params.userId, req.body),
    }),
  );
};
