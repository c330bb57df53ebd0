import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { Envelope } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { userOfToken } from "../ops/mobile-auth.ts";
import { MobileError } from "../ops/mobile-errors.ts";
import { listSavedOffers, type Saver, saveOffer, unsaveOffer } from "../ops/saved-offers.ts";
import { appIdOf, bearerOf, MobileHeaders, UserParams } from "./mobile-request.ts";

const tags = ["Mobile"];
const SavedOffer = Type.Object(
  { offerId: Type.String({ format: "uuid" }), savedAt: Type.String({ format: "date-time" }) },
  { title: "Saved offer" },
);
const SavedOfferParams = Type.Composite([
  UserParams,
  Type.Object({ offerId: Type.String({ format: "uuid" }) }),
]);
type UserReq = { Params: { userId: string } };
type OfferReq = { Params: { userId: string; offerId: string } };

/** The signed-in end user of X-App whose token this is and whose id the path names, else 401. */
async function saver(db: Db, req: FastifyRequest<UserReq>): Promise<Saver> {
  const appId = appIdOf(req);
  const user = await userOfToken(db, appId, bearerOf(req));
  if (user.id !== req.params.userId) throw new MobileError("UserTokenInvalid");
  return { appId, endUserId: user.id };
}

/**
 * Save Offer in the customer portal (issue 17): the signed-in customer's saved offers of the app of X-App,
 * kept on the server (list, save, forget; saving or forgetting twice changes nothing). Each customer sees
 * and changes only their own list.
 */
export const savedOfferRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get<UserReq>(
    "/mobile/users/:userId/saved-offers",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: UserParams,
        summary: "List the customer's saved offers",
        description:
          "The signed-in customer's saved offers of the app, last saved first, only offers the app still shows (at most 200).",
        response: { 200: Envelope(Type.Array(SavedOffer)) },
      },
    },
    async (req) => ({ data: await listSavedOffers(db, await saver(db, req)) }),
  );

  app.put<OfferReq>(
    "/mobile/users/:userId/saved-offers/:offerId",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: SavedOfferParams,
        summary: "Save an offer for the customer",
        description:
          "Save Offer: keeps an offer of the app (a personalized special only when it is the customer's) for the signed-in customer. Saving it again keeps the first save. At most 200 per customer (409 SavedOffersFull).",
        response: { 200: Envelope(SavedOffer) },
      },
    },
    async (req) => ({ data: await saveOffer(db, await saver(db, req), req.params.offerId) }),
  );

  app.delete<OfferReq>(
    "/mobile/users/:userId/saved-offers/:offerId",
    {
      schema: {
        tags,
        headers: MobileHeaders,
        params: SavedOfferParams,
        summary: "Forget a saved offer of the customer",
        description:
          "Takes an offer off the signed-in customer's saved offers; forgetting one that is not saved is no error (an offer unknown to the app: 404 OfferNotFound).",
        response: { 200: Envelope(Type.Object({ saved: Type.Literal(false) })) },
      },
    },
    async (req) => ({ data: await unsaveOffer(db, await saver(db, req), req.params.offerId) }),
  );
};
