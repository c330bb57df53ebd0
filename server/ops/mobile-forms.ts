import type { FormField } from "../../schemas/index.ts";
import type { Db } from "../db/connect.ts";
import { formData, leads } from "../db/schema-mobile.ts";
import type { Mailer } from "../services/mail.ts";
import { mobileApp } from "./apps.ts";
import { MobileError } from "./mobile-errors.ts";
import { advisorOfUser } from "./staff-members.ts";

export interface FormSubmission {
  featureId: string;
  values: Record<string, string | boolean>;
  userId?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * Stores a custom form submission as form data and a lead (spec §2 Form), and mails it to the form's
 * recipients: the feature's recipient list and the e-mail behind the option chosen in a Recipient field.
 * Only addresses the app owner configured can receive mail, so the form is no relay for strangers; values
 * of fields the form does not have are dropped.
 */
export async function submitForm(db: Db, mailer: Mailer, appId: string, input: FormSubmission) {
  const app = await mobileApp(db, appId);
  const feature = (app.definition.features ?? []).find(
    (f) => f.id === input.featureId && f.type === "Form",
  ) as { id: string; title?: string; fields?: FormField[]; recipients?: string } | undefined;
  if (!feature) throw new MobileError("FormNotFound");
  const fields = feature.fields ?? [];
  const values: Record<string, string | boolean> = {};
  for (const f of fields) {
    const v = input.values[f.name];
    if (typeof v === "boolean" || (typeof v === "string" && v.trim())) values[f.name] = v;
  }
  // An unchecked box alone is no submission: at least one field must be filled in (the widget says which).
  if (!Object.values(values).some((v) => v !== false)) throw new MobileError("FormEmpty");

  const first = (type: FormField["type"], name?: RegExp) =>
    text(
      values[
        fields.find((f) => f.type === type && (!name || name.test(f.name)) && values[f.name])?.name ?? ""
      ],
    );
  const lead = {
    name: first("Text", /name|nombre/i) || first("Text") || null,
    email: first("Email") || null,
    phone: first("Phone") || null,
    comments: first("TextArea") || null,
  };

  const recipients = new Set(
    (feature.recipients ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => EMAIL.test(s)),
  );
  for (const f of fields.filter((x) => x.type === "Recipient")) {
    const chosen = (f.options ?? []).indexOf(text(values[f.name]));
    const email = chosen >= 0 ? f.values?.[chosen]?.trim() : undefined;
    if (email && EMAIL.test(email)) recipients.add(email);
  }

  const [row] = await db
    .insert(formData)
    .values({
      appId,
      featureId: feature.id,
      title: feature.title ?? null,
      userId: input.userId ?? null,
      values,
    })
    .returning({ id: formData.id });
  await db.insert(leads).values({
    appId,
    source: "form",
    formDataId: row.id,
    userId: input.userId ?? null,
    staffMemberId: advisorOfUser(appId, input.userId),
    ...lead,
  });

  const title = feature.title || "Form";
  const body = fields
    .filter((f) => f.name in values)
    .map(
      (f) =>
        `${f.name}: ${typeof values[f.name] === "boolean" ? (values[f.name] ? "Yes" : "No") : values[f.name]}`,
    )
    .join("\n");
  // Delivery is best effort: the submission is stored either way and shows in the console's form data.
  await Promise.allSettled(
    [...recipients].map((to) =>
      mailer.send({
        to,
        subject: `${title}: a new submission from ${app.definition.name ?? "your app"}`,
        text: body,
      }),
    ),
  );
  return { id: row.id };
}
