import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestUser, testApp, testAppOf, testUser } from "../test-helpers.ts";

let app: FastifyInstance;
let admin: TestUser;
beforeAll(async () => {
  app = await testApp();
  admin = await testUser(app, "Admin");
});
afterAll(() => app.close());

const csvPost = (url: string, csv: string) =>
  call(app, { method: "POST", url, headers: { ...admin.headers, "content-type": "text/csv" }, payload: csv });

describe("make-models", () => {
  it("creates, reads, updates and deletes, refusing duplicates", async () => {
    const created = await call(app, {
      method: "POST",
      url: "/api/admin/make-models",
      headers: admin.headers,
      payload: { make: " Ford ", model: "F-150" },
    });
    expect(created.body.data).toMatchObject({ type: "Car", make: "Ford", model: "F-150" });
    const id = created.body.data.id;
    const dup = await call(app, {
      method: "POST",
      url: "/api/admin/make-models",
      headers: admin.headers,
      payload: { make: "Ford", model: "F-150" },
    });
    expect(dup).toMatchObject({ status: 409, body: { error: { code: "MakeModelTaken" } } });
    const empty = await call(app, {
      method: "POST",
      url: "/api/admin/make-models",
      headers: admin.headers,
      payload: { make: " ", model: "X" },
    });
    expect(empty).toMatchObject({ status: 400, body: { error: { message: "value can't be empty" } } });
    const put = await call(app, {
      method: "PUT",
      url: `/api/admin/make-models/${id}`,
      headers: admin.headers,
      payload: { type: "Truck", make: "Ford", model: "F-250" },
    });
    expect(put.body.data).toMatchObject({ id, type: "Truck", model: "F-250" });
    expect(
      (await call(app, { method: "GET", url: `/api/admin/make-models/${id}`, headers: admin.headers })).body
        .data.model,
    ).toBe("F-250");
    expect(
      (await call(app, { method: "DELETE", url: `/api/admin/make-models/${id}`, headers: admin.headers }))
        .status,
    ).toBe(200);
    expect(
      (await call(app, { method: "GET", url: `/api/admin/make-models/${id}`, headers: admin.headers }))
        .status,
    ).toBe(404);
  });

  it("imports CSV keeping the good rows and reporting the bad ones by line, and exports it back", async () => {
    const csv = [
      "Type,Make,Model",
      "Car,Toyota,Camry",
      "Car,Toyota,Corolla",
      "Car,,Nameless",
      "Spaceship,Acme,Rocket",
      "",
      "Car,Toyota,Camry",
      "Truck,Kenworth,T680",
      'Car,Honda,=HYPERLINK("x")',
    ].join("\r\n");
    const res = await csvPost("/api/admin/make-models/csv", csv);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      created: 4,
      unchanged: 1,
      errors: [
        { row: 4, message: "make: value can't be empty" },
        { row: 5, message: expect.stringContaining("type") },
      ],
    });
    const exported = await app.inject({
      method: "GET",
      url: "/api/admin/make-models/csv",
      headers: admin.headers,
    });
    expect(exported.headers["content-type"]).toContain("text/csv");
    expect(exported.body.split("\r\n")).toEqual([
      "type,make,model",
      `Car,Honda,"'=HYPERLINK(""x"")"`,
      "Car,Toyota,Camry",
      "Car,Toyota,Corolla",
      "Truck,Kenworth,T680",
      "",
    ]);
    // Re-importing the export changes nothing: the formula guard is undone on the way in.
    expect((await csvPost("/api/admin/make-models/csv", exported.body)).body.data).toEqual({
      created: 0,
      unchanged: 4,
      errors: [],
    });
  });

  it("rejects a CSV without the needed columns with a clear message", async () => {
    const res = await csvPost("/api/admin/make-models/csv", "brand,name\nFord,Focus\n");
    expect(res).toMatchObject({
      status: 400,
      body: { error: { code: "CsvInvalid", message: expect.stringContaining("missing: make, model") } },
    });
  });

  it("accepts a multipart CSV upload", async () => {
    const boundary = "----csvboundary";
    const body = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="models.csv"',
      "Content-Type: text/csv",
      "",
      "make,model\nMazda,CX-5\n",
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const res = await call(app, {
      method: "POST",
      url: "/api/admin/make-models/csv",
      headers: { ...admin.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.body.data).toEqual({ created: 1, unchanged: 0, errors: [] });
  });

  it("adds rows in bulk with row-level errors", async () => {
    const res = await call(app, {
      method: "POST",
      url: "/api/admin/make-models/bulk",
      headers: admin.headers,
      payload: [
        { make: "Kia", model: "Soul" },
        { make: "Kia" },
        "nonsense",
        { make: "Kia", model: "Rio", extra: 1 },
      ],
    });
    expect(res.body.data.created).toBe(1);
    expect(res.body.data.errors.map((e: any) => e.row)).toEqual([2, 3, 4]);
    expect(res.body.data.errors[0].message).toBe("model: value can't be empty");
  });

  it("imports engine types and serves the public and mobile reads", async () => {
    const res = await csvPost(
      "/api/admin/make-models/engine-types/csv",
      "type,make,model,engine type\nCar,Toyota,Camry,2.5L I4\nCar,Toyota,Camry,3.5L V6\nCar,Toyota,Corolla,1.8L I4\nTruck,Kenworth,T680,PACCAR MX-13\n",
    );
    expect(res.body.data).toEqual({ created: 4, unchanged: 0, errors: [] });
    const bulk = await call(app, {
      method: "POST",
      url: "/api/admin/make-models/engine-types/bulk",
      headers: admin.headers,
      payload: [
        { make: "Toyota", model: "Camry", engineType: "Hybrid" },
        { make: "Toyota", model: "Camry" },
      ],
    });
    expect(bulk.body.data).toMatchObject({
      created: 1,
      errors: [{ row: 2, message: "engineType: value can't be empty" }],
    });

    const makes = await call(app, { method: "GET", url: "/api/mobile/cars/makes" });
    expect(makes.body.data).toEqual(["Honda", "Kia", "Mazda", "Toyota"]);
    const trucks = await call(app, { method: "GET", url: "/api/mobile/cars/makes?type=Truck" });
    expect(trucks.body.data).toEqual(["Kenworth"]);
    const models = await call(app, { method: "GET", url: "/api/mobile/cars/makes/Toyota/models" });
    expect(models.body.data).toEqual(["Camry", "Corolla"]);
    const engines = await call(app, {
      method: "GET",
      url: "/api/mobile/cars/makes/Toyota/engine-types?model=Camry",
    });
    expect(engines.body.data).toEqual(["2.5L I4", "3.5L V6", "Hybrid"]);

    // The widget's app decides the catalog type.
    const owner = await testUser(app);
    const truckApp = await testAppOf(app, owner, "Truck Center");
    await app.database.execute("update apps set make_model_type = 'Truck' where id = $1", [truckApp]);
    const byApp = await call(app, {
      method: "GET",
      url: "/api/mobile/cars/makes",
      headers: { "x-app": truckApp },
    });
    expect(byApp.body.data).toEqual(["Kenworth"]);

    const pub = await call(app, { method: "GET", url: "/api/make-models?make=Toyota" });
    expect(pub.body.data.map((m: any) => m.model)).toEqual(["Camry", "Corolla"]);
    const pubEngines = await call(app, { method: "GET", url: "/api/make-models/engine-types?model=Corolla" });
    expect(pubEngines.body.data).toEqual([
      expect.objectContaining({ make: "Toyota", engineType: "1.8L I4" }),
    ]);

    const exported = await app.inject({
      method: "GET",
      url: "/api/admin/make-models/engine-types/csv",
      headers: admin.headers,
    });
    expect(exported.body.split("\r\n")[0]).toBe("type,make,model,engineType");
    const list = await call(app, {
      method: "GET",
      url: "/api/admin/make-models/engine-types?make=Kenworth",
      headers: admin.headers,
    });
    const del = await call(app, {
      method: "DELETE",
      url: `/api/admin/make-models/engine-types/${list.body.data[0].id}`,
      headers: admin.headers,
    });
    expect(del.status).toBe(200);
  });
});
