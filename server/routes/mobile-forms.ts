import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import type { Db } from "../db/connect.ts";
import { type FormSubmission, submitForm } from "../ops/mobile-forms.ts";
import type { Mailer } from "../services/mail.ts";
import { appIdOf, MobileHeaders } from "./mobile-request.ts";

/** POST /mobile/app/form-data: a custom form submitted from the widget, stored as form data and a lead. */
export const mobileFormRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer }> = async (
  app,
  { db, mailer },
) => {
  app.post<{ Body: FormSubmission }>(
    "/mobile/app/form-data",
    {
      config: { rateLimit: { max: 30, timeWindow: "10 minutes" } },
      schema: {
        tags: ["Mobile"],
        headers: MobileHeaders,
        body: Type.Object(
          {
            featureId: Type.String({ minLength: 1, maxLength: 100 }),
            userId: Type.Optional(Type.String({ maxLength: 100 })),
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
    async (req) => ({ data: await submitForm(db, mailer, appIdOf(req), req.body) }),
  );
};
