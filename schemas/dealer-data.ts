import { type Static, type TObject, type TProperties, type TSchema, Type } from "@sinclair/typebox";
import { uuid } from "./common.ts";
import { InventoryFilter } from "./inventory.ts";
import { RowError, TaskRecord } from "./staff.ts";

/**
 * Dealer data (issue 16): inventory vehicles, repair orders, deals, service contracts and the glovebox's
 * documents, sent by the dealer's systems as CSV files or JSON batches. Each kind has a natural key (VIN,
 * RO number, deal number, contract number) unique per app: a batch upserts by it, so a replayed export
 * leaves one copy. The spec shows the Deal's names but not their types; ours are below. Money is a number in
 * the app's currency with at most two decimals; dates are YYYY-MM-DD.
 */

const str = (title: string, maxLength = 200) => Type.Optional(Type.String({ title, maxLength }));
const money = (title: string) => Type.Optional(Type.Number({ title, minimum: -1e11, maximum: 1e11 }));
const int = (title: string, minimum: number, maximum: number) =>
  Type.Optional(Type.Integer({ title, minimum, maximum }));
const day = (title: string) =>
  Type.String({
    title,
    pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$",
    errorMessage: `${title} must be a date like 2026-11-23`,
  });

/** A vehicle identification number: 11 (before 1981) to 17 letters and digits, never I, O or Q. */
export const VIN_PATTERN = "^[A-HJ-NPR-Za-hj-npr-z0-9]{11,17}$";
const vin = (title = "VIN") =>
  Type.String({
    title,
    pattern: VIN_PATTERN,
    errorMessage: "VIN must be 11 to 17 letters and digits without I, O or Q",
  });
const customer = {
  customerName: str("Customer"),
  email: Type.Optional(
    Type.String({
      title: "Email",
      maxLength: 200,
      pattern: "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",
      errorMessage: "Email is invalid",
    }),
  ),
  phone: Type.Optional(
    Type.String({
      title: "Phone",
      maxLength: 40,
      pattern: "^\\+?[0-9 ().-]{7,30}$",
      errorMessage: "Phone is invalid",
    }),
  ),
};

export const vehicleStatuses = ["new", "used", "certified"] as const;

/** An inventory vehicle (the dealer's feed), by VIN. */
export const InventoryVehicleInput = Type.Object(
  {
    vin: vin(),
    stockNumber: str("Stock number", 50),
    year: int("Year", 1900, 2100),
    make: str("Make", 100),
    model: str("Model", 100),
    trim: str("Trim", 100),
    bodyStyle: str("Body style", 100),
    color: str("Color", 100),
    mileage: int("Mileage", 0, 10_000_000),
    price: Type.Optional(Type.Number({ title: "Price", minimum: 0, maximum: 1e10 })),
    availability: str("Availability", 100),
    status: Type.Optional(
      Type.Union(
        vehicleStatuses.map((s) => Type.Literal(s)),
        { title: "Status", errorMessage: "Status must be new, used or certified" },
      ),
    ),
    transmission: str("Transmission", 100),
    fuel: str("Fuel", 100),
    photos: Type.Optional(Type.Array(Type.String({ maxLength: 2000 }), { title: "Photos", maxItems: 40 })),
    location: str("Location", 100),
    description: str("Description", 5000),
  },
  { additionalProperties: false, title: "Inventory vehicle" },
);
export type InventoryVehicleInput = Static<typeof InventoryVehicleInput>;

export const RepairOrderLine = Type.Object(
  {
    description: Type.String({ title: "Description", minLength: 1, maxLength: 1000 }),
    labor: money("Labor"),
    parts: money("Parts"),
  },
  { additionalProperties: false },
);
export type RepairOrderLine = Static<typeof RepairOrderLine>;

/** A repair order from the dealer management system, by RO number. Totals default to the lines' sums. */
export const RepairOrderInput = Type.Object(
  {
    roNumber: Type.String({ title: "RO number", minLength: 1, maxLength: 50 }),
    date: day("Date"),
    vin: Type.Optional(vin()),
    mileage: int("Mileage", 0, 10_000_000),
    ...customer,
    lines: Type.Optional(Type.Array(RepairOrderLine, { title: "Lines", maxItems: 200 })),
    laborTotal: money("Labor total"),
    partsTotal: money("Parts total"),
    total: money("Total"),
    advisor: str("Advisor"),
    location: str("Location", 100),
  },
  { additionalProperties: false, title: "Repair order" },
);
export type RepairOrderInput = Static<typeof RepairOrderInput>;

/** A product of a deal (the deal sheet's Description, Quantity, Warranty, Internal columns). */
export const DealProduct = Type.Object(
  {
    description: Type.String({ title: "Description", minLength: 1, maxLength: 500 }),
    quantity: Type.Optional(Type.Integer({ title: "Quantity", minimum: 0, maximum: 10_000 })),
    /** A warranty product (extended warranty, service contract). */
    warranty: Type.Optional(Type.Boolean({ title: "Warranty" })),
    /** Internal to the dealership (not shown to the customer). */
    internal: Type.Optional(Type.Boolean({ title: "Internal" })),
  },
  { additionalProperties: false },
);
export type DealProduct = Static<typeof DealProduct>;

/**
 * A deal (vehicle sale) by deal number: the spec's Deal fields with the deal-sheet headings as titles.
 * term is in months; every other figure is money.
 */
export const DealInput = Type.Object(
  {
    dealNumber: Type.String({ title: "Deal number", minLength: 1, maxLength: 50 }),
    date: day("Date"),
    vin: Type.Optional(vin()),
    year: int("Year", 1900, 2100),
    make: str("Make", 100),
    model: str("Model", 100),
    ...customer,
    term: int("Term", 0, 600),
    monthlyPayment: money("Monthly payment"),
    paid: money("Paid"),
    amountFinanced: money("Amount financed"),
    downPayment: money("Down payment"),
    totalDown: money("Total down"),
    salesPrice: money("Sales price"),
    totalBackSales: money("Total back sales"),
    totalPickupPayments: money("Total pickup payments"),
    aftermarketSale: money("Aftermarket sale"),
    tradeActualCashValue: money("Total trade actual cash value"),
    total: money("Total"),
    products: Type.Optional(Type.Array(DealProduct, { title: "Products", maxItems: 100 })),
    location: str("Location", 100),
  },
  { additionalProperties: false, title: "Deal" },
);
export type DealInput = Static<typeof DealInput>;

/** A service contract or additional product (widget page tca_contracts), by contract number. */
export const ServiceContractInput = Type.Object(
  {
    contractNumber: Type.String({ title: "Contract number", minLength: 1, maxLength: 50 }),
    product: Type.String({ title: "Product", minLength: 1, maxLength: 200 }),
    provider: str("Provider"),
    vin: Type.Optional(vin()),
    ...customer,
    startDate: Type.Optional(day("Start date")),
    endDate: Type.Optional(day("End date")),
    endMileage: int("End mileage", 0, 10_000_000),
    price: money("Price"),
    location: str("Location", 100),
  },
  { additionalProperties: false, title: "Service contract" },
);
export type ServiceContractInput = Static<typeof ServiceContractInput>;

const record = <P extends TProperties>(input: TObject<P>) =>
  Type.Object({ id: uuid(), ...input.properties, updatedAt: Type.String() });

export const InventoryVehicle = record(InventoryVehicleInput);
export type InventoryVehicle = Static<typeof InventoryVehicleInput> & { id: string; updatedAt: string };
export const RepairOrder = record(RepairOrderInput);
export type RepairOrder = RepairOrderInput & {
  id: string;
  updatedAt: string;
  lines: RepairOrderLine[];
  laborTotal: number;
  partsTotal: number;
  total: number;
};
export const Deal = record(DealInput);
export type Deal = DealInput & { id: string; updatedAt: string; products: DealProduct[] };
export const ServiceContract = record(ServiceContractInput);
export type ServiceContract = ServiceContractInput & { id: string; updatedAt: string };

/** The kinds of dealer record, as their paths name them. */
export const dealerKinds = ["inventory", "repair-orders", "deals", "service-contracts"] as const;
export type DealerKind = (typeof dealerKinds)[number];

export const dealerInputs = {
  inventory: InventoryVehicleInput,
  "repair-orders": RepairOrderInput,
  deals: DealInput,
  "service-contracts": ServiceContractInput,
} as const satisfies Record<DealerKind, TSchema>;

/** Each kind's natural key (the field a batch upserts by). */
export const dealerKeys = {
  inventory: "vin",
  "repair-orders": "roNumber",
  deals: "dealNumber",
  "service-contracts": "contractNumber",
} as const satisfies Record<DealerKind, string>;

/** How a CSV cell becomes a value. */
export type CsvFieldType = "text" | "int" | "number" | "list" | "bool";

/** A CSV column a kind takes: the field, its header and the other headers it is recognised by. */
export interface DealerCsvField {
  field: string;
  header: string;
  type: CsvFieldType;
  required?: boolean;
  aliases?: string[];
}

const F = (
  field: string,
  header: string,
  type: CsvFieldType = "text",
  extra: { required?: boolean; aliases?: string[] } = {},
): DealerCsvField => ({ field, header, type, ...extra });
const customerColumns = [
  F("customerName", "Customer", "text", { aliases: ["customer name", "name"] }),
  F("email", "Email", "text", { aliases: ["e-mail", "customer email"] }),
  F("phone", "Phone", "text", { aliases: ["customer phone", "telephone"] }),
];

/**
 * The CSV columns per kind. A repair order's CSV row carries one line (Line description, Labor, Parts);
 * several lines per order, and a deal's products, come through the JSON batch API.
 */
export const dealerCsvFields: Record<DealerKind, DealerCsvField[]> = {
  inventory: [
    F("vin", "VIN", "text", { required: true }),
    F("stockNumber", "Stock number", "text", { aliases: ["stock", "stock #", "stock no"] }),
    F("year", "Year", "int", { aliases: ["yr", "model year"] }),
    F("make", "Make"),
    F("model", "Model"),
    F("trim", "Trim"),
    F("bodyStyle", "Body style", "text", { aliases: ["body", "bodystyle"] }),
    F("color", "Color", "text", { aliases: ["colour", "exterior color"] }),
    F("mileage", "Mileage", "int", { aliases: ["miles", "odometer"] }),
    F("price", "Price", "number"),
    F("availability", "Availability"),
    F("status", "Status", "text", { aliases: ["condition", "new/used"] }),
    F("transmission", "Transmission"),
    F("fuel", "Fuel", "text", { aliases: ["fuel type"] }),
    F("photos", "Photos", "list", { aliases: ["photo", "images", "image urls"] }),
    F("location", "Location"),
    F("description", "Description"),
  ],
  "repair-orders": [
    F("roNumber", "RO number", "text", { required: true, aliases: ["ro", "ro #", "repair order"] }),
    F("date", "Date", "text", { required: true, aliases: ["ro date", "open date"] }),
    F("vin", "VIN"),
    F("mileage", "Mileage", "int", { aliases: ["miles", "odometer"] }),
    ...customerColumns,
    F("lineDescription", "Line description", "text", { aliases: ["description", "operation"] }),
    F("lineLabor", "Labor", "number", { aliases: ["labor amount"] }),
    F("lineParts", "Parts", "number", { aliases: ["parts amount"] }),
    F("total", "Total", "number"),
    F("advisor", "Advisor", "text", { aliases: ["service advisor"] }),
    F("location", "Location"),
  ],
  deals: [
    F("dealNumber", "Deal number", "text", { required: true, aliases: ["deal", "deal #", "deal no"] }),
    F("date", "Date", "text", { required: true, aliases: ["deal date", "sale date"] }),
    F("vin", "VIN"),
    F("year", "Year", "int"),
    F("make", "Make"),
    F("model", "Model"),
    ...customerColumns,
    F("term", "Term", "int"),
    F("monthlyPayment", "Monthly payment", "number", { aliases: ["payment"] }),
    F("paid", "Paid", "number"),
    F("amountFinanced", "Amount financed", "number"),
    F("downPayment", "Down payment", "number"),
    F("totalDown", "Total down", "number"),
    F("salesPrice", "Sales price", "number", { aliases: ["price"] }),
    F("totalBackSales", "Total back sales", "number"),
    F("totalPickupPayments", "Total pickup payments", "number"),
    F("aftermarketSale", "Aftermarket sale", "number"),
    F("tradeActualCashValue", "Total trade actual cash value", "number", { aliases: ["trade acv"] }),
    F("total", "Total", "number"),
    F("location", "Location"),
  ],
  "service-contracts": [
    F("contractNumber", "Contract number", "text", { required: true, aliases: ["contract", "contract #"] }),
    F("product", "Product", "text", { required: true }),
    F("provider", "Provider"),
    F("vin", "VIN"),
    ...customerColumns,
    F("startDate", "Start date", "text"),
    F("endDate", "End date", "text"),
    F("endMileage", "End mileage", "int"),
    F("price", "Price", "number"),
    F("location", "Location"),
  ],
};

const headerKey = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, " ");

/** The default mapping: each header to the field it names (by header, field name or alias), or nothing. */
export function guessDealerMapping(kind: DealerKind, headers: string[]): Record<string, string> {
  const mapping: Record<string, string> = {};
  const taken = new Set<string>();
  for (const h of headers) {
    const k = headerKey(h);
    const f = dealerCsvFields[kind].find(
      (c) =>
        !taken.has(c.field) &&
        (headerKey(c.header) === k ||
          c.field.toLowerCase() === k.replace(/ /g, "") ||
          c.aliases?.includes(k)),
    );
    if (f) {
      mapping[h] = f.field;
      taken.add(f.field);
    }
  }
  return mapping;
}

/** The most records one JSON batch or CSV file may carry; batches over DEALER_INLINE_ROWS run as a job. */
export const DEALER_BATCH_MAX_ROWS = 50_000;
export const DEALER_INLINE_ROWS = 500;

/** POST /integration/{kind}: a JSON batch of records (upserted by natural key). */
export const DealerBatch = Type.Object(
  {
    records: Type.Array(Type.Object({}, { additionalProperties: true }), {
      minItems: 1,
      maxItems: DEALER_BATCH_MAX_ROWS,
    }),
  },
  { additionalProperties: false },
);
export type DealerBatch = Static<typeof DealerBatch>;

/** What a batch did: rows inserted, changed and left as they were (a replay changes nothing). */
export const DealerBatchResult = Type.Object({
  total: Type.Integer(),
  inserted: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  errors: Type.Array(RowError),
  taskId: Type.Optional(uuid()),
});
export type DealerBatchResult = Static<typeof DealerBatchResult>;

/** GET lists of dealer records: `q` searches the natural key, customer and VIN; 1-based page. */
export const DealerListQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});
export type DealerListQuery = Static<typeof DealerListQuery>;

export const DealerPage = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

export const inventorySorts = [
  "newest",
  "price_asc",
  "price_desc",
  "year_desc",
  "year_asc",
  "mileage_asc",
] as const;
export type InventorySort = (typeof inventorySorts)[number];

/** POST /apps/{appId}/inventory/search and /mobile/inventory/search: the spec's filter, sort and page. */
export const InventorySearch = Type.Object(
  {
    ...InventoryFilter.properties,
    sort: Type.Optional(Type.Union(inventorySorts.map((s) => Type.Literal(s)))),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  },
  { additionalProperties: false },
);
export type InventorySearch = Static<typeof InventorySearch>;

export const FacetCount = Type.Object({ value: Type.String(), count: Type.Integer() });
export type FacetCount = Static<typeof FacetCount>;

/** Counts per value of each list filter, each counted with the other filters applied (not its own). */
export const InventoryFacets = Type.Object({
  makes: Type.Array(
    Type.Object({ value: Type.String(), count: Type.Integer(), models: Type.Array(FacetCount) }),
  ),
  bodyStyle: Type.Array(FacetCount),
  color: Type.Array(FacetCount),
  availability: Type.Array(FacetCount),
  status: Type.Array(FacetCount),
  transmission: Type.Array(FacetCount),
  fuel: Type.Array(FacetCount),
  year: Type.Object({
    min: Type.Union([Type.Number(), Type.Null()]),
    max: Type.Union([Type.Number(), Type.Null()]),
  }),
  price: Type.Object({
    min: Type.Union([Type.Number(), Type.Null()]),
    max: Type.Union([Type.Number(), Type.Null()]),
  }),
  mileage: Type.Object({
    min: Type.Union([Type.Number(), Type.Null()]),
    max: Type.Union([Type.Number(), Type.Null()]),
  }),
});
export type InventoryFacets = Static<typeof InventoryFacets>;

export const InventoryResults = Type.Object({
  items: Type.Array(InventoryVehicle),
  total: Type.Integer(),
  page: Type.Integer(),
  pageSize: Type.Integer(),
  facets: InventoryFacets,
});
export type InventoryResults = Static<typeof InventoryResults>;

export const documentKinds = ["registration", "insurance", "warranty", "other"] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** A glovebox document of an end user; `url` is the admin app-user file's download address. */
export const GloveboxDocument = Type.Object({
  id: uuid(),
  endUserId: uuid(),
  fileId: uuid(),
  kind: Type.String(),
  title: Type.String(),
  vin: Type.Optional(Type.String()),
  name: Type.String(),
  contentType: Type.String(),
  bytes: Type.Integer(),
  createdAt: Type.String(),
});
export type GloveboxDocument = Static<typeof GloveboxDocument>;

/** POST /mobile/inventory/{id}/leads: 'contact us about this vehicle' (a lead naming the vehicle). */
export const VehicleLeadInput = Type.Object(
  {
    userId: Type.Optional(Type.String({ maxLength: 100 })),
    name: Type.String({ title: "Name", minLength: 1, maxLength: 200 }),
    email: customer.email,
    phone: customer.phone,
    comments: Type.Optional(Type.String({ title: "Comments", maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type VehicleLeadInput = Static<typeof VehicleLeadInput>;

/** POST /apps/{appId}/analytics/inventory/report: UTC days, inclusive (default the last 30 days). */
export const InventoryReportQuery = Type.Object(
  { from: Type.Optional(day("From")), to: Type.Optional(day("To")) },
  { additionalProperties: false },
);
export type InventoryReportQuery = Static<typeof InventoryReportQuery>;

const counts = { views: Type.Integer(), favorites: Type.Integer(), leads: Type.Integer() };
export const InventoryReport = Type.Object({
  from: Type.String(),
  to: Type.String(),
  totals: Type.Object(counts),
  items: Type.Array(
    Type.Object({
      inventoryId: Type.String(),
      vin: Type.Optional(Type.String()),
      title: Type.String(),
      ...counts,
    }),
  ),
});
export type InventoryReport = Static<typeof InventoryReport>;

/** An integration key as listed (the key itself is shown once, when created). */
export const IntegrationKey = Type.Object({
  id: uuid(),
  name: Type.String(),
  prefix: Type.String(),
  createdAt: Type.String(),
  lastUsedAt: Type.Optional(Type.String()),
  revokedAt: Type.Optional(Type.String()),
});
export type IntegrationKey = Static<typeof IntegrationKey>;

export const IntegrationKeyInput = Type.Object(
  { name: Type.String({ title: "Name", minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);
export type IntegrationKeyInput = Static<typeof IntegrationKeyInput>;

export const IntegrationKeyCreated = Type.Object({ ...IntegrationKey.properties, key: Type.String() });
export type IntegrationKeyCreated = Static<typeof IntegrationKeyCreated>;

/** A dealer import as the console's history lists it (the task record). */
export const DealerImport = TaskRecord;
