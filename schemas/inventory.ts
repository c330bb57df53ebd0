import { type Static, Type } from "@sinclair/typebox";

const list = (title: string) => Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { title }));
const bound = (title: string) => Type.Optional(Type.Number({ title, minimum: 0 }));

/** The inventory search filter (spec §3). */
export const InventoryFilter = Type.Object(
  {
    search: Type.Optional(Type.String({ title: "Search", maxLength: 200 })),
    vehicleMakes: Type.Optional(
      Type.Array(
        Type.Object(
          { name: Type.String({ maxLength: 100 }), model: Type.Optional(Type.String({ maxLength: 100 })) },
          { additionalProperties: false },
        ),
        { title: "Makes" },
      ),
    ),
    yearFrom: bound("Year from"),
    yearTo: bound("Year to"),
    priceFrom: bound("Price from"),
    priceTo: bound("Price to"),
    mileageFrom: bound("Mileage from"),
    mileageTo: bound("Mileage to"),
    bodyStyle: list("Body style"),
    color: list("Color"),
    availability: list("Availability"),
    status: list("Status"),
    transmission: list("Transmission"),
    fuel: list("Fuel"),
  },
  { additionalProperties: false, title: "Inventory filter" },
);
export type InventoryFilter = Static<typeof InventoryFilter>;
