import { type Static, Type } from "@sinclair/typebox";

/** An end user's vehicle (spec §3: unit, year, make, model, vin, mileage); labels in core/vehicle-labels.ts. */
export const Vehicle = Type.Object(
  {
    unit: Type.Optional(Type.String({ title: "Unit", maxLength: 100 })),
    year: Type.Optional(Type.Integer({ title: "Year", minimum: 1900, maximum: 2100 })),
    make: Type.Optional(Type.String({ title: "Make", maxLength: 100 })),
    model: Type.Optional(Type.String({ title: "Model", maxLength: 100 })),
    vin: Type.Optional(Type.String({ title: "VIN", maxLength: 17 })),
    mileage: Type.Optional(Type.Integer({ title: "Mileage", minimum: 0, maximum: 10_000_000 })),
  },
  { additionalProperties: false, title: "Vehicle" },
);
export type Vehicle = Static<typeof Vehicle>;
