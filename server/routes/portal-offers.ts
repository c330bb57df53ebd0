import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { Envelope } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { mobileApp } from "../ops/apps.ts";
import { userOfToken } from "../ops/mobile-auth.ts";
import { MobileError } from "../ops/mobile-errors.ts";
import { createOfferLead, type OfferLeadInput, type SendOfferDeps, sendOffer } from "../ops/portal-offers.ts";
import { publicOrigin } from "../request-origin.ts";
import { appIdOf, bearerOf, MOBILE_BODY_LIMIT, MobileHeaders, UserParams } from "./mobile-request.ts";

const tags = ["Mobile"];
const OfferParams = Type.Object({ offerId: Type.String({ format: "uuid" }) });
const OfferLeadBody = Type.Object(
  {
    name: Type.String({ maxLength: 200 }),
    phone: Type.String({ maxLength: 40 }),
    email: Type.String({ maxLength: 320 }),
    comments: Type.Optional(Type.String({ maxLength: 2000 })),
    userId: Type.Optional(Type.String({ format: "uuid" })),
  },
  { additionalProperties: false },
);
const SendOfferBody = Type.Object(
  {
    channel: Type.Union([Type.Literal("email"), Type.Literal("sms")]),
    to: Type.String({ minLength: 3, maxLength: 320 }),
  },
  { additionalProperties: false },
);

/**
 * The customer portal's offer calls (issue 17): 'Please Provide Your Information' about an offer (a lead of
 * source "offer", for anyone with X-App, rate limited per client address) and Send Offer by e-mail or text
 * (a signed-in customer only, within the hourly limits per customer, per address and per app).
 */
export const portalOfferRoutes: FastifyPluginAsync<
  { db: Db; publicUrl?: string } & Omit<SendOfferDeps, "limits">
> = async (app, { db, publicUrl, mailer, sms }) => {
  app.post<{ Params: { offerId: string }; Body: OfferLeadInput }>(
    "/mobile/offers/:offerId/leads",
    {
      config: { rateLimit: { max: 30, timeWindow: "10 minutes" } },
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        description:
          "'Please Provide Your Information' about an offer of the app: Name, Phone and Email required, Comments optional. Creates a lead of source \"offer\".",
        params: OfferParams,
        body: OfferLeadBody,
        response: { 200: Envelope(Type.Object({ id: Type.String() })) },
      },
    },
    async (req) => ({ data: await createOfferLead(db, appIdOf(req), req.params.offerId, req.body) }),
  );

  app.post<{ Params: { userId: string; offerId: string }; Body: { channel: "email" | "sms"; to: string } }>(
    "/mobile/users/:userId/offers/:offerId/send",
    {
      config: { rateLimit: { max: 30, timeWindow: "10 minutes" } },
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags,
        headers: MobileHeaders,
        description:
          "Send Offer: the offer's title and the portal's link to an e-mail address or by text to a phone, by the signed-in customer (hourly limits per customer, per address and per app).",
        params: Type.Composite([UserParams, OfferParams]),
        body: SendOfferBody,
        response: { 200: Envelope(Type.Object({ sent: Type.Boolean() })) },
      },
    },
    async (req) => {
      const appId = appIdOf(req);
      const user = await userOfToken(db, appId, bearerOf(req));
      if (user.id !== req.params.userId) throw new MobileError("UserTokenInvalid");
      const appName = String((await mobileApp(db, appId)).definition?.name ?? "");
      return {
        data: await sendOffer(
          db,
          { mailer, sms, limits: app.limits },
          {
            appId,
            appName,
            userId: user.id,
            offerId: req.params.offerId,
            origin: publicOrigin(req, publicUrl),
          },
          { channel: req.body.channel, address: req.body.to },
        ),
      };
    },
  );
};
