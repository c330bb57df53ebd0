import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.ts";
import { type FormSubmission, submitForm } from "../ops/mobile-forms.ts";
import type { Mailer } from "../services/mail.ts";
import { appIdOf, MOBILE_BODY_LIMIT, MobileHeaders, UserParams } from "./mobile-request.ts";

/**
 * POST /mobile/users/{userId}/form-data: a custom form submitted from the widget by this end user (the
 * anonymous device id before sign-in, so no token is needed), stored as form data and a lead.
 */
export const mobileFormRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer }> = async (
  app,
  { db, mailer },
) => {
  app.post<{ Params: { userId: string }; Body: Omit<FormSubmission, "userId"> }>(
    "/mobile/users/:userId/form-data",
    {
      config: { rateLimit: { max: 30, timeWindow: "10 minutes" } },
      bodyLimit: MOBILE_BODY_LIMIT,
      schema: {
        tags: ["Mobile"],
        headers: MobileHeaders,
        params: UserParams,
        body: Type.Object(
          {
            featureId: Type.String({ minLength: 1, maxLength: 100 }),
            values: Type.Record(
              Type.String({ maxLength: 120 }),
              Type.Union([Type.String({ maxLength: 5000 }), Type.Boolean()]),
              { maxProperties: 100 },
            ),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ data: Type.Object({ id: Type.String() }) }) },
      },
    },
    async (req) => ({
      data: await submitForm(db, mailer, appIdOf(req), { ...req.body, userId: req.params.userId }),
    }),
  );
};
