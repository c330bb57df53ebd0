import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, OrderInput, offerSchemas } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import {
  createOffer,
  deleteOffer,
  getOffer,
  listOffers,
  type OfferInput,
  type OfferPath,
  orderOffers,
  updateOffer,
} from "../ops/offers.ts";
import type { AppCache } from "../services/app-cache.ts";

const security = [{ bearer: [] }];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const OfferParams = Type.Object({
  appId: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});

type AppReq = { Params: { appId: string } };
type OfferReq = { Params: { appId: string; id: string } };

/**
 * An app's coupons (specials) and events (promotions) as records (issue 12): list, read, create, replace,
 * delete, order. Both kinds share this one implementation; a change drops the widget's cached app payload of
 * every app the offer runs in.
 */
export const offerRoutes: FastifyPluginAsync<{ db: Db; cache: AppCache }> = async (app, { db, cache }) => {
  app.addHook("onRequest", app.authenticate);
  const changed = (appIds: string[]) => {
    for (const id of appIds) cache.remove(id);
  };

  for (const path of ["coupons", "events"] as const satisfies OfferPath[]) {
    const { input, record } = offerSchemas[path];
    const tags = [path === "coupons" ? "Coupons" : "Events"];
    const base = `/apps/:appId/${path}`;
    const one = path === "coupons" ? "coupon" : "event";

    app.get<AppReq>(
      base,
      {
        schema: {
          tags,
          security,
          description: `The app's ${path} in its order, with status, redemptions in this app and the apps they run in.`,
          params: AppParams,
          response: { 200: Envelope(Type.Array(record)) },
        },
      },
      async (req) => ({ data: await listOffers(db, req.caller, req.params.appId, path) }),
    );

    app.put<AppReq & { Body: OrderInput }>(
      `${base}/order`,
      {
        schema: {
          tags,
          security,
          description: `Orders the app's ${path}: \`order\` names each of them exactly once (else 400 OrderMismatch). Other apps keep their own order.`,
          params: AppParams,
          body: OrderInput,
          response: { 200: Envelope(Type.Array(record)) },
        },
      },
      async (req) => ({
        data: await orderOffers(db, req.caller, req.params.appId, path, req.body.order, changed),
      }),
    );

    app.get<OfferReq>(
      `${base}/:id`,
      {
        schema: {
          tags,
          security,
          description: `One ${one} of this app (404 OfferNotFound when it is not in this app's list).`,
          params: OfferParams,
          response: { 200: Envelope(record) },
        },
      },
      async (req) => ({ data: await getOffer(db, req.caller, req.params.appId, path, req.params.id) }),
    );

    app.post<AppReq & { Body: OfferInput }>(
      base,
      {
        schema: {
          tags,
          security,
          description: `Creates a ${one}, first in the list of this app and of every app in \`apps\`.`,
          params: AppParams,
          body: input,
          response: { 200: Envelope(record) },
        },
      },
      async (req) => ({ data: await createOffer(db, req.caller, req.params.appId, path, req.body, changed) }),
    );

    app.put<OfferReq & { Body: OfferInput }>(
      `${base}/:id`,
      {
        schema: {
          tags,
          security,
          description: `Replaces the ${one}'s fields in every app it runs in; with \`apps\`, sets the apps (of those the caller may edit) it runs in.`,
          params: OfferParams,
          body: input,
          response: { 200: Envelope(record) },
        },
      },
      async (req) => ({
        data: await updateOffer(db, req.caller, req.params.appId, path, req.params.id, req.body, changed),
      }),
    );

    app.delete<OfferReq>(
      `${base}/:id`,
      {
        schema: {
          tags,
          security,
          description: `Deletes the ${one} everywhere when this app owns it; otherwise takes it off this app's list only.`,
          params: OfferParams,
        },
      },
      async (req) => {
        await deleteOffer(db, req.caller, req.params.appId, path, req.params.id, changed);
        return { data: true };
      },
    );
  }
};
