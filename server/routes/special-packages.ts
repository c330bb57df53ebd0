import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope, OrderInput, SpecialPackage, SpecialPackageInput } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import {
  createPackage,
  deletePackage,
  getPackage,
  listPackages,
  orderPackages,
  updatePackage,
} from "../ops/special-packages.ts";

const tags = ["Special packages"];
const security = [{ bearer: [] }];
const AppParams = Type.Object({ appId: Type.String({ maxLength: 100 }) });
const PackageParams = Type.Object({
  appId: Type.String({ maxLength: 100 }),
  id: Type.String({ maxLength: 100 }),
});

type AppReq = { Params: { appId: string } };
type PackageReq = { Params: { appId: string; id: string } };

/**
 * An app's special packages (spec §7 special-packages): several of its coupons shown as one offer. Read with
 * coupons.read, changed with coupons.write.
 */
export const specialPackageRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.addHook("onRequest", app.authenticate);
  const base = "/apps/:appId/special-packages";

  app.get<AppReq>(
    base,
    {
      schema: {
        tags,
        security,
        description:
          "The app's special packages in its order, each with its coupons in order and its status.",
        params: AppParams,
        response: { 200: Envelope(Type.Array(SpecialPackage)) },
      },
    },
    async (req) => ({ data: await listPackages(db, req.caller, req.params.appId) }),
  );

  app.put<AppReq & { Body: OrderInput }>(
    `${base}/order`,
    {
      schema: {
        tags,
        security,
        description:
          "Orders the app's packages: `order` names each of them exactly once (else 400 OrderMismatch).",
        params: AppParams,
        body: OrderInput,
        response: { 200: Envelope(Type.Array(SpecialPackage)) },
      },
    },
    async (req) => ({ data: await orderPackages(db, req.caller, req.params.appId, req.body.order) }),
  );

  app.get<PackageReq>(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        description: "One package of this app (404 PackageNotFound otherwise).",
        params: PackageParams,
        response: { 200: Envelope(SpecialPackage) },
      },
    },
    async (req) => ({ data: await getPackage(db, req.caller, req.params.appId, req.params.id) }),
  );

  app.post<AppReq & { Body: SpecialPackageInput }>(
    base,
    {
      schema: {
        tags,
        security,
        description:
          "Creates a package, first in the app's list. Each of `couponIds` must be a coupon of this app, named once (else 400 PackageCouponInvalid).",
        params: AppParams,
        body: SpecialPackageInput,
        response: { 200: Envelope(SpecialPackage) },
      },
    },
    async (req) => ({ data: await createPackage(db, req.caller, req.params.appId, req.body) }),
  );

  app.put<PackageReq & { Body: SpecialPackageInput }>(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        description: "Replaces the package's fields and coupons.",
        params: PackageParams,
        body: SpecialPackageInput,
        response: { 200: Envelope(SpecialPackage) },
      },
    },
    async (req) => ({
      data: await updatePackage(db, req.caller, req.params.appId, req.params.id, req.body),
    }),
  );

  app.delete<PackageReq>(
    `${base}/:id`,
    {
      schema: {
        tags,
        security,
        description: "Deletes the package; its coupons stay.",
        params: PackageParams,
      },
    },
    async (req) => {
      await deletePackage(db, req.caller, req.params.appId, req.params.id);
      return { data: true };
    },
  );
};
