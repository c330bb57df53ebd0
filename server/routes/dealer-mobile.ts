import { Type } from "@sinclair/typebox";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  Deal,
  Envelope,
  GloveboxDocument,
  InventoryResults,
  InventorySearch,
  InventoryVehicle,
  RepairOrder,
  ServiceContract,
  VehicleLeadInput,
} from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { dealerFavorites, dealerVehicles } from "../db/schema-dealer.ts";
import { leads } from "../db/schema-mobile.ts";
import { ApiError } from "../errors.ts";
import { endUserRecords, vehicleRecord } from "../ops/dealer-data.ts";
import { addDocument, myDocumentFile, myDocuments } from "../ops/documents.ts";
import { publicVehicle, searchInventory } from "../ops/inventory.ts";
import { userOfToken } from "../ops/mobile-auth.ts";
import { MobileError } from "../ops/mobile-errors.ts";
import { liveApp } from "../ops/mobile-notifications.ts";
import type { Storage } from "../services/storage.ts";
import { documentUpload } from "./dealer-uploads.ts";
import { appIdOf, bearerOf, MOBILE_BODY_LIMIT, MobileHeaders, UserParams } from "./mobile-request.ts";

const tags = ["Mobile"];
type UserReq = { Params: { userId: string } };

/** The signed-in end user of X-App whose token this is, and whose id the path names. */
async function me(db: Db, req: FastifyRequest<UserReq>) {
  const appId = appIdOf(req);
  const user = await userOfToken(db, appId, bearerOf(req));
  if (user.id !== req.params.userId) throw new MobileError("UserTokenInvalid");
  return user;
}

/**
 * The widget's dealer data (issue 16): inventory search and details for every visitor (X-App), and for the
 * signed-in customer their own repair orders, deals, service contracts, glovebox documents and saved
 * vehicles, matched by their verified e-mail or phone or a VIN among their vehicles.
 */
export const dealerMobileRoutes: FastifyPluginAsync<{ db: Db; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  app.post<{ Body: InventorySearch }>(
    "/mobile/inventory/search",
    {
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        description: "Searches the app's inventory (spec §3 filter) with sort, paging and facets.",
        body: InventorySearch,
        response: { 200: Envelope(InventoryResults) },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      await liveApp(db, appId);
      return { data: await searchInventory(db, appId, req.body) };
    },
  );

  app.get<{ Params: { id: string } }>(
    "/mobile/inventory/:id",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        description: "One vehicle of the app's inventory.",
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: Envelope(InventoryVehicle) },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      await liveApp(db, appId);
      return { data: await publicVehicle(db, appId, req.params.id) };
    },
  );

  app.post<{ Params: { id: string }; Body: VehicleLeadInput }>(
    "/mobile/inventory/:id/leads",
    {
      config: { rateLimit: { max: 30, timeWindow: "10 minutes" } },
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        description:
          "'Contact us about this vehicle': a lead naming the vehicle (context {inventoryId, vin, stockNumber, title}); an e-mail or a phone is required.",
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        body: VehicleLeadInput,
        response: { 200: Envelope(Type.Object({ id: Type.String() })) },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      await liveApp(db, appId);
      const v = await publicVehicle(db, appId, req.params.id);
      const { name, email, phone, comments, userId } = req.body;
      if (!email?.trim() && !phone?.trim())
        throw new ApiError("Validation", "Enter an e-mail or a phone number", [
          { path: "/email", message: "Enter an e-mail or a phone number" },
        ]);
      const title = [v.year, v.make, v.model, v.trim].filter(Boolean).join(" ");
      const [row] = await db
        .insert(leads)
        .values({
          appId,
          source: "inventory",
          userId: userId ?? null,
          name: name.trim(),
          email: email?.trim() || null,
          phone: phone?.trim() || null,
          comments: comments?.trim() || null,
          context: { inventoryId: v.id, vin: v.vin, stockNumber: v.stockNumber ?? null, title },
        })
        .returning({ id: leads.id });
      return { data: { id: row.id } };
    },
  );

  const own = [
    ["repair-orders", RepairOrder, "repair orders"],
    ["deals", Deal, "deals (purchases)"],
    ["service-contracts", ServiceContract, "service contracts and additional products"],
  ] as const;
  for (const [kind, schema, what] of own)
    app.get<UserReq>(
      `/mobile/users/:userId/${kind}`,
      {
        schema: {
          tags,
          headers: MobileHeaders,
          params: UserParams,
          description: `The signed-in customer's own ${what}, newest first.`,
          response: { 200: Envelope(Type.Array(schema)) },
        },
      },
      async (req) => ({ data: await endUserRecords(db, await me(db, req), kind) }),
    );

  app.get<UserReq>(
    "/mobile/users/:userId/documents",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        description: "The signed-in customer's glovebox documents, newest first.",
        response: { 200: Envelope(Type.Array(GloveboxDocument)) },
      },
    },
    async (req) => {
      const user = await me(db, req);
      return { data: await myDocuments(db, user.appId, user.id) };
    },
  );

  app.post<UserReq & { Querystring: { kind?: string; title?: string; vin?: string } }>(
    "/mobile/users/:userId/documents",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        consumes: ["multipart/form-data"],
        querystring: Type.Object({
          kind: Type.Optional(Type.String({ maxLength: 20 })),
          title: Type.Optional(Type.String({ maxLength: 200 })),
          vin: Type.Optional(Type.String({ maxLength: 17 })),
        }),
        description:
          "Adds a document (a phone photo or PDF: JPEG, PNG, WebP, HEIC or PDF up to 10 MB) to the customer's glovebox.",
        response: { 200: Envelope(GloveboxDocument) },
      },
    },
    async (req) => {
      const user = await me(db, req);
      const { bytes, fileName } = await documentUpload(req);
      return { data: await addDocument(db, storage, user.appId, user.id, { ...req.query, fileName }, bytes) };
    },
  );

  app.get<{ Params: { userId: string; id: string } }>(
    "/mobile/users/:userId/documents/:id/file",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: Type.Object({ userId: Type.String({ format: "uuid" }), id: Type.String({ maxLength: 100 }) }),
        description: "The bytes of one of the customer's own documents.",
      },
    },
    async (req, reply) => {
      const user = await me(db, req);
      const file = await myDocumentFile(db, storage, user.appId, user.id, req.params.id);
      return reply
        .type(file.contentType)
        .header("content-disposition", `inline; filename="${file.name.replace(/[^\w. -]/g, "_")}"`)
        .header("x-content-type-options", "nosniff")
        .send(file.bytes);
    },
  );

  app.get<UserReq>(
    "/mobile/users/:userId/inventory-favorites",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        description: "The signed-in customer's saved vehicles, last saved first.",
        response: { 200: Envelope(Type.Array(InventoryVehicle)) },
      },
    },
    async (req) => {
      const user = await me(db, req);
      const rows = await db
        .select({ v: dealerVehicles })
        .from(dealerFavorites)
        .innerJoin(dealerVehicles, eq(dealerVehicles.id, dealerFavorites.vehicleId))
        .where(and(eq(dealerFavorites.appId, user.appId), eq(dealerFavorites.ownerId, user.id)))
        .orderBy(desc(dealerFavorites.createdAt))
        .limit(500);
      return { data: rows.map((r) => vehicleRecord(r.v)) };
    },
  );

  const FavParams = Type.Object({
    userId: Type.String({ format: "uuid" }),
    vehicleId: Type.String({ maxLength: 100 }),
  });
  type FavReq = { Params: { userId: string; vehicleId: string } };
  app.put<FavReq>(
    "/mobile/users/:userId/inventory-favorites/:vehicleId",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: FavParams,
        description: "Saves a vehicle of the app's inventory for the customer (saving it twice keeps one).",
      },
    },
    async (req) => {
      const user = await me(db, req);
      const vehicle = await publicVehicle(db, user.appId, req.params.vehicleId);
      await db
        .insert(dealerFavorites)
        .values({ appId: user.appId, ownerId: user.id, vehicleId: vehicle.id })
        .onConflictDoNothing();
      return { data: true };
    },
  );
  app.delete<FavReq>(
    "/mobile/users/:userId/inventory-favorites/:vehicleId",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: FavParams,
        description: "Forgets a saved vehicle (forgetting one that is not saved is no error).",
      },
    },
    async (req) => {
      const user = await me(db, req);
      const vehicle = await publicVehicle(db, user.appId, req.params.vehicleId).catch(() => undefined);
      if (vehicle)
        await db
          .delete(dealerFavorites)
          .where(
            and(
              eq(dealerFavorites.appId, user.appId),
              eq(dealerFavorites.ownerId, user.id),
              eq(dealerFavorites.vehicleId, vehicle.id),
            ),
          );
      return { data: true };
    },
  );
};
