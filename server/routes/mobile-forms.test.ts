import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, testApp, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let appId: string;
const FORM_ID = "9b2f7c1e-2a51-4d0b-8f1e-000000000001";

beforeAll(async () => {
  app = await testApp();
  const owner = (await testUser(app)) as unknown as {
    headers?: { authorization: string };
    authorization?: string;
  };
  const res = await call(app, {
    method: "POST",
    url: "/api/apps",
    headers: { authorization: owner.headers?.authorization ?? owner.authorization ?? "" },
    payload: {
      definition: {
        name: "Form Motors",
        features: [
          {
            id: FORM_ID,
            type: "Form",
            title: "Service request",
            recipients: "gm@dealer.example",
            fields: [
              { name: "Full name", type: "Text" },
              { name: "Email", type: "Email" },
              { name: "Phone", type: "Phone" },
              {
                name: "Department",
                type: "Recipient",
                options: ["Sales", "Service"],
                values: ["sales@dealer.example", "service@dealer.example"],
              },
              { name: "Message", type: "TextArea" },
              { name: "Call me", type: "Checkbox" },
            ],
          },
        ],
      },
    },
  });
  expect(res.status).toBe(200);
  appId = res.body.data.appId;
});
afterAll(() => app.close());

const DEVICE = "4c1f0e9a-8b7d-4e6f-9a1b-2c3d4e5f6a7b";
const submit = (payload: object, app_ = appId, userId = DEVICE) =>
  call(app, {
    method: "POST",
    url: `/api/mobile/users/${userId}/form-data`,
    headers: { "x-app": app_ },
    payload,
  });

describe("POST /mobile/users/{userId}/form-data", () => {
  it("stores form data and a lead, and mails the form's recipients", async () => {
    const res = await submit({
      featureId: FORM_ID,
      values: {
        "Full name": "Ada Lovelace",
        Email: "ada@example.com",
        Phone: "+1 555 010 2030",
        Department: "Service",
        Message: "Brakes squeak",
        "Call me": true,
        "Not a field": "dropped",
      },
    });
    expect(res.status).toBe(200);
    const { rows: data } = await app.database.execute("select * from form_data where id = $1", [
      res.body.data.id,
    ]);
    expect(data[0]).toMatchObject({ feature_id: FORM_ID, title: "Service request", user_id: DEVICE });
    expect(data[0].values).toEqual({
      "Full name": "Ada Lovelace",
      Email: "ada@example.com",
      Phone: "+1 555 010 2030",
      Department: "Service",
      Message: "Brakes squeak",
      "Call me": true,
    });
    const { rows: leads } = await app.database.execute("select * from leads where form_data_id = $1", [
      res.body.data.id,
    ]);
    expect(leads[0]).toMatchObject({
      source: "form",
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "+1 555 010 2030",
      comments: "Brakes squeak",
    });
    const { rows: mails } = await app.database.execute(
      'select "to", subject, text from mail_outbox order by "to"',
    );
    expect(mails.map((m) => m.to)).toEqual(["gm@dealer.example", "service@dealer.example"]);
    expect(mails[0].subject).toBe("Service request: a new submission from Form Motors");
    expect(mails[0].text).toContain("Call me: Yes");
  });

  it("refuses unknown forms, empty submissions and unknown apps", async () => {
    expect((await submit({ featureId: "nope", values: { a: "b" } })).status).toBe(404);
    const empty = await submit({ featureId: FORM_ID, values: { "Full name": "  " } });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe("value can't be empty");
    // An unchecked box is no answer: a form of spaces and an unchecked box is as empty.
    const unchecked = await submit({ featureId: FORM_ID, values: { "Full name": " ", "Call me": false } });
    expect(unchecked.status).toBe(400);
    expect(unchecked.body.error.message).toBe("value can't be empty");
    expect(
      (
        await submit(
          { featureId: FORM_ID, values: { Email: "a@b.co" } },
          "00000000-0000-4000-8000-000000000000",
        )
      ).status,
    ).toBe(404);
  });
});
